/**
 * Shared-file notices (ADR 0078, issue 24 item 6): every request through GET /api/v1/shared/files/:id
 * is audited, but only a download (an attachment) is told — never a view (`?inline=1`: the memory
 * cards' thumbnails, photos, players, the PDF preview). The owner's "beneficiary activity" notice
 * names what it was (a memory's photo or a document), links to it, has a subject saying what
 * happened, comes at most once per file per beneficiary in SHARED_FILE_NOTICE_WINDOW_MS, and never
 * after the estate is active; the viewer's own download notice follows their toggle.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system.ts';
import { files } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/messages.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { makePhoto } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertBeneficiaryUser, insertFamily, linkBeneficiary, setEstateStatus } from '../../../../test/factories/shared-content.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { saveNotificationSettings } from '../../notices/notification-settings.ts';
import { SHARED_FILE_NOTICE_WINDOW_MS } from './download-shared-file.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t.close());

/** A family whose viewer asked to be told of their own downloads, and a shared photo memory of theirs. */
async function familyWithMemory() {
  const family = await insertFamily(t.db);
  await saveNotificationSettings(t.db, family.viewer.id, { downloads: true }, t.clock.now());
  const row = await insertMemory(t.app.deps, family.estateId, {
    title: 'Harbour walk',
    photos: [{ bytes: await makePhoto('#b45309', 96, 64), name: 'harbour.jpg' }],
    shareAll: true,
    createdBy: family.owner.id,
  });
  const [media] = await t.db.select().from(memoryMedia).where(eq(memoryMedia.memoryId, row.id));
  return { family, memory: { id: row.id, title: row.title, photoId: media!.fileId!, thumbnailId: media!.thumbnailFileId! } };
}

const audited = async (viewerId: string, fileId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'shared_file.downloaded'), eq(auditLog.actorUserId, viewerId), eq(auditLog.targetId, fileId)));
const noticesTo = async (userId: string) =>
  t.db
    .select({ type: notifications.type, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
const messagesTo = async (userId: string) => (await noticesTo(userId)).map((n) => n.message);

describe('shared-file notices', () => {
  it('opening Shared Memories (ten thumbnail views, several at once, and the photo) is audited per request and tells nobody', async () => {
    const { family, memory } = await familyWithMemory();
    const session = await sessionFor(t, family.viewer);
    const list = await injectAs(t, session, 'GET', '/api/v1/shared/memories');
    expect(list.statusCode).toBe(200);
    const card = (list.json().items as { id: string; previewUrl: string | null }[]).find((m) => m.id === memory.id)!;
    expect(card.previewUrl).toBe(`/api/v1/shared/files/${memory.thumbnailId}?inline=1`);

    const view = async (url: string) => {
      const res = await injectAs(t, session, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
    };
    for (let i = 0; i < 3; i++) await view(card.previewUrl!);
    await Promise.all(Array.from({ length: 7 }, () => view(card.previewUrl!)));
    const detail = (await injectAs(t, session, 'GET', `/api/v1/shared/memories/${memory.id}`)).json() as { media: { url: string | null }[] };
    await view(detail.media[0]!.url!);

    const entries = await audited(family.viewer.id, memory.thumbnailId);
    expect(entries).toHaveLength(10);
    const [row] = await t.db.select().from(files).where(eq(files.id, memory.thumbnailId));
    for (const e of entries) {
      expect(e).toMatchObject({ estateId: family.estateId, targetType: 'file', targetId: row!.id, details: { size: row!.size, mimeType: row!.mimeType, inline: true } });
    }
    expect(await audited(family.viewer.id, memory.photoId)).toHaveLength(1);
    expect(await noticesTo(family.owner.id)).toEqual([]);
    expect(await noticesTo(family.viewer.id)).toEqual([]);
    expect(await emailsTo(t, family.owner.email)).toEqual([]);
  });

  it('a download tells the owner once per file in the window: what it was, a link to it and a subject that says so; the viewer too', async () => {
    const { family, memory } = await familyWithMemory();
    const download = `/api/v1/shared/files/${memory.photoId}`;
    const session = await sessionFor(t, family.viewer);
    const three = await Promise.all([0, 1, 2].map(() => injectAs(t, session, 'GET', download)));
    expect(three.map((r) => [r.statusCode, String(r.headers['content-disposition']).split(';')[0]])).toEqual(Array(3).fill([200, 'attachment']));
    expect((await audited(family.viewer.id, memory.photoId)).map((a) => a.details)).toEqual(Array(3).fill(expect.objectContaining({ inline: false })));

    const toOwner = {
      type: 'activity',
      message: `${family.viewer.name} downloaded a photo from the memory “${memory.title}”`,
      link: '/estate-owner/memories?q=Harbour%20walk',
    };
    expect(await noticesTo(family.owner.id)).toEqual([toOwner]);
    expect(await messagesTo(family.viewer.id)).toEqual([`Your account downloaded a photo from the memory “${memory.title}”. If this wasn't you, change your password.`]);
    const [mail] = await emailsTo(t, family.owner.email);
    expect(mail!.subject).toMatch(/: someone downloaded what you shared$/);
    expect(mail!.text).toContain(toOwner.message);
    expect(mail!.text).toContain('/estate-owner/memories?q=Harbour%20walk');

    // Just inside the window: audited, nobody told.
    t.clock.advance(SHARED_FILE_NOTICE_WINDOW_MS - 60_000);
    expect((await injectAs(t, await sessionFor(t, family.viewer), 'GET', download)).statusCode).toBe(200);
    expect(await audited(family.viewer.id, memory.photoId)).toHaveLength(4);
    expect(await noticesTo(family.owner.id)).toHaveLength(1);

    // A full window after the last download: told again, once.
    t.clock.advance(SHARED_FILE_NOTICE_WINDOW_MS + 1000);
    const next = await sessionFor(t, family.viewer);
    await Promise.all([0, 1].map(() => injectAs(t, next, 'GET', download)));
    expect(await noticesTo(family.owner.id)).toEqual([toOwner, toOwner]);
    expect(await messagesTo(family.viewer.id)).toHaveLength(2);

    // A document says so and links to Documents.
    const doc = await insertDocument(t.app.deps, family.estateId, { title: 'Deed to the cottage', shareAll: true });
    expect((await injectAs(t, next, 'GET', `/api/v1/shared/files/${doc.file.id}`)).statusCode).toBe(200);
    expect((await noticesTo(family.owner.id)).at(-1)).toEqual({
      type: 'activity',
      message: `${family.viewer.name} downloaded the document “Deed to the cottage”`,
      link: '/estate-owner/documents?q=Deed%20to%20the%20cottage',
    });
  });

  it('counts per file and per beneficiary: another file, or another beneficiary, is told at once', async () => {
    const { family, memory } = await familyWithMemory();
    const session = await sessionFor(t, family.viewer);
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${memory.photoId}`)).statusCode).toBe(200);
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${memory.thumbnailId}`)).statusCode).toBe(200);
    expect(await noticesTo(family.owner.id)).toHaveLength(2);

    const sister = await insertBeneficiaryUser(t.db);
    await linkBeneficiary(t.db, family.estateId, sister);
    const theirs = await sessionFor(t, sister);
    await Promise.all([0, 1].map(() => injectAs(t, theirs, 'GET', `/api/v1/shared/files/${memory.photoId}`)));
    expect(await audited(sister.id, memory.photoId)).toHaveLength(2);
    const owner = await messagesTo(family.owner.id);
    expect(owner).toHaveLength(3);
    expect(owner.at(-1)).toBe(`${sister.name} downloaded a photo from the memory “${memory.title}”`);
  });

  it('once the estate is active the owner is told nothing; the download is audited and the viewer still hears of their own', async () => {
    const { family, memory } = await familyWithMemory();
    await setEstateStatus(t.db, family.estateId, 'active');
    const res = await injectAs(t, await sessionFor(t, family.viewer), 'GET', `/api/v1/shared/files/${memory.photoId}`);
    expect(res.statusCode).toBe(200);
    expect(await audited(family.viewer.id, memory.photoId)).toHaveLength(1);
    expect(await noticesTo(family.owner.id)).toEqual([]);
    expect(await emailsTo(t, family.owner.email)).toEqual([]);
    expect(await messagesTo(family.viewer.id)).toEqual([`Your account downloaded a photo from the memory “${memory.title}”. If this wasn't you, change your password.`]);
  });

  it('refuses a file the viewer cannot see (another family’s) with 404 and tells nobody', async () => {
    const { family, memory } = await familyWithMemory();
    const stranger = await insertBeneficiaryUser(t.db);
    const res = await injectAs(t, await sessionFor(t, stranger), 'GET', `/api/v1/shared/files/${memory.photoId}`);
    expect(res.statusCode).toBe(404);
    expect(await audited(stranger.id, memory.photoId)).toEqual([]);
    expect(await noticesTo(family.owner.id)).toEqual([]);
  });
});
