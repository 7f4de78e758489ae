/**
 * Shared-file notices: every request through GET /api/v1/shared/files/:id is audited, but the
 * owner's "beneficiary activity" notification and the viewer's own download notice come at most
 * once per file per beneficiary in SHARED_FILE_NOTICE_WINDOW_MS — memory cards load their
 * thumbnails through the route (`?inline=1`), one request per card and per visit.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system.ts';
import { files } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/messages.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { makePhoto } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertBeneficiaryUser, insertFamily, linkBeneficiary, type Family } from '../../../../test/factories/shared-content.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { saveNotificationSettings } from '../notifications/notification-settings.ts';
import { SHARED_FILE_NOTICE_WINDOW_MS } from './download-shared-file.ts';

let t: TestApp;
let family: Family;
let memory: { id: string; title: string; photoId: string; thumbnailId: string };

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  // The viewer has asked to be told of their own downloads (off by default).
  await saveNotificationSettings(t.db, family.viewer.id, { downloads: true }, t.clock.now());
  const row = await insertMemory(t.app.deps, family.estateId, {
    title: 'Harbour walk',
    photos: [{ bytes: await makePhoto('#b45309', 96, 64), name: 'harbour.jpg' }],
    shareAll: true,
    createdBy: family.owner.id,
  });
  const [media] = await t.db.select().from(memoryMedia).where(eq(memoryMedia.memoryId, row.id));
  memory = { id: row.id, title: row.title, photoId: media!.fileId!, thumbnailId: media!.thumbnailFileId! };
}, 60_000);
afterAll(async () => t.close());

const audited = async (viewerId: string, fileId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'shared_file.downloaded'), eq(auditLog.actorUserId, viewerId), eq(auditLog.targetId, fileId)));
const noticesTo = async (userId: string) =>
  (await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt)).map(
    (n) => n.message,
  );

describe('shared-file notices', () => {
  it('ten thumbnail views (several at once) are ten audit entries and one notice each to the owner and the viewer; after the window, one more', async () => {
    const session = await sessionFor(t, family.viewer);
    // The thumbnail URL a memory card uses.
    const list = await injectAs(t, session, 'GET', '/api/v1/shared/memories');
    expect(list.statusCode).toBe(200);
    const card = (list.json().items as { id: string; previewUrl: string | null }[]).find((m) => m.id === memory.id)!;
    const thumbnail = card.previewUrl!;
    expect(thumbnail).toBe(`/api/v1/shared/files/${memory.thumbnailId}?inline=1`);

    const view = async () => {
      const res = await injectAs(t, session, 'GET', thumbnail);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
    };
    for (let i = 0; i < 3; i++) await view();
    await Promise.all(Array.from({ length: 5 }, view));
    await Promise.all([view(), view()]);

    const entries = await audited(family.viewer.id, memory.thumbnailId);
    expect(entries).toHaveLength(10);
    // Each exactly the entry a download writes.
    const [row] = await t.db.select().from(files).where(eq(files.id, memory.thumbnailId));
    for (const e of entries) {
      expect(e).toMatchObject({ estateId: family.estateId, targetType: 'file', targetId: row!.id, details: { size: row!.size, mimeType: row!.mimeType } });
    }
    const toOwner = `${family.viewer.name} downloaded a file of the memory “${memory.title}”`;
    const toViewer = `Your account downloaded a file of the memory “${memory.title}”. If this wasn't you, change your password.`;
    expect(await noticesTo(family.owner.id)).toEqual([toOwner]);
    expect(await noticesTo(family.viewer.id)).toEqual([toViewer]);

    // Just inside the window: audited, nobody told.
    t.clock.advance(SHARED_FILE_NOTICE_WINDOW_MS - 60_000);
    const later = await sessionFor(t, family.viewer); // the first session has long been idle
    expect((await injectAs(t, later, 'GET', thumbnail)).statusCode).toBe(200);
    expect(await audited(family.viewer.id, memory.thumbnailId)).toHaveLength(11);
    expect(await noticesTo(family.owner.id)).toEqual([toOwner]);
    expect(await noticesTo(family.viewer.id)).toEqual([toViewer]);

    // A full window after the last view: told again, once, however many requests arrive together.
    t.clock.advance(SHARED_FILE_NOTICE_WINDOW_MS + 1000);
    const next = await sessionFor(t, family.viewer);
    const again = await Promise.all([0, 1, 2].map(() => injectAs(t, next, 'GET', thumbnail)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await audited(family.viewer.id, memory.thumbnailId)).toHaveLength(14);
    expect(await noticesTo(family.owner.id)).toEqual([toOwner, toOwner]);
    expect(await noticesTo(family.viewer.id)).toEqual([toViewer, toViewer]);
  });

  it('counts per file and per beneficiary: another file, or another beneficiary, is told at once', async () => {
    const session = await sessionFor(t, family.viewer);
    const before = await noticesTo(family.owner.id);
    // The same viewer, in the same window as their last thumbnail views, opens the full photo (another file).
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${memory.photoId}?inline=1`)).statusCode).toBe(200);
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${memory.thumbnailId}?inline=1`)).statusCode).toBe(200);
    expect(await audited(family.viewer.id, memory.photoId)).toHaveLength(1);
    expect((await noticesTo(family.owner.id)).length).toBe(before.length + 1);

    // A second beneficiary of the estate views the same thumbnail, twice at once.
    const sister = await insertBeneficiaryUser(t.db);
    await linkBeneficiary(t.db, family.estateId, sister);
    const theirs = await sessionFor(t, sister);
    await Promise.all([0, 1].map(() => injectAs(t, theirs, 'GET', `/api/v1/shared/files/${memory.thumbnailId}?inline=1`)));
    expect(await audited(sister.id, memory.thumbnailId)).toHaveLength(2);
    const owner = await noticesTo(family.owner.id);
    expect(owner).toHaveLength(before.length + 2);
    expect(owner.at(-1)).toBe(`${sister.name} downloaded a file of the memory “${memory.title}”`);
  });
});
