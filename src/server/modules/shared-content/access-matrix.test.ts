/**
 * The access matrix (PRODUCT.md §4): for memories, documents and letters, every combination of
 * shared (with me / with all / with someone else) × my flag (on / off) × release (now / after
 * activation) × estate status (planning / active). For each, the list, the counts, the estate page,
 * the detail and the file download must all agree with the rule — and another family's estate, a
 * beneficiary user linked to nothing, and ids that do not exist answer 404 everywhere.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries } from '../../db/schema/estates.ts';
import { documents } from '../../db/schema/documents.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { auditLog } from '../../db/schema/system.ts';
import { notifications } from '../../db/schema/messages.ts';
import { userSettings } from '../../db/schema/users.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePdf, makePhoto } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import {
  insertBeneficiaryUser,
  insertDeliveredLetter,
  insertScheduledLetter,
  linkBeneficiary,
  setEstateStatus,
  type BeneficiaryRow,
} from '../../../../test/factories/shared-content.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { readStoredFile } from '../../storage/stored-files.ts';
import { files } from '../../db/schema/files.ts';

type Shared = 'me' | 'all' | 'other';
type Release = 'now' | 'after_activation';
type Status = 'planning' | 'active';
const SHARED: Shared[] = ['me', 'all', 'other'];
const RELEASES: Release[] = ['now', 'after_activation'];
const STATUSES: Status[] = ['planning', 'active'];
const FLAGS = ['on', 'off'] as const;
type Flag = (typeof FLAGS)[number];

/** The rule, written out independently of the policy's SQL. */
const allowed = (shared: Shared, flag: Flag, release: Release, status: Status) =>
  shared !== 'other' && flag === 'on' && (release === 'now' || status === 'active');

interface Item {
  kind: 'memory' | 'document';
  id: string;
  title: string;
  shared: Shared;
  release: Release;
  status: Status;
  estateId: string;
  /** Every file of the item (document file; memory photo and its thumbnail) with its bytes. */
  files: { id: string; bytes: Buffer }[];
}

interface Letter {
  id: string;
  threadByViewer: Partial<Record<Flag, string | null>>;
  to: 'me' | 'other';
  delivered: boolean;
  status: Status;
  estateId: string;
}

let t: TestApp;
const estates: Record<Status, { id: string; owner: InsertedUser; rows: Record<Flag, BeneficiaryRow>; other: BeneficiaryRow }> = {} as never;
const viewers = {} as Record<Flag, { user: InsertedUser; session: TestSession }>;
const items: Item[] = [];
const letters: Letter[] = [];
let foreign: { estateId: string; memoryId: string; documentId: string; fileIds: string[]; threadId: string };

async function mediaFiles(memoryId: string): Promise<{ id: string; bytes: Buffer }[]> {
  const media = await t.db.select().from(memoryMedia).where(eq(memoryMedia.memoryId, memoryId));
  const out: { id: string; bytes: Buffer }[] = [];
  for (const m of media) {
    for (const fileId of [m.fileId, m.thumbnailFileId]) {
      if (!fileId) continue;
      const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
      out.push({ id: fileId, bytes: await readStoredFile(t.app.deps, row!) });
    }
  }
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  const deps = t.app.deps;
  for (const flag of FLAGS) {
    const user = await insertBeneficiaryUser(t.db);
    viewers[flag] = { user, session: await sessionFor(t, user) };
  }
  const photo = await makePhoto('#0f766e', 96, 64);

  for (const status of STATUSES) {
    const owner = await insertUser(t.db, { roles: ['estate-owner'] });
    const estateId = owner.estateId!;
    const flagValue = (flag: Flag) => flag === 'on';
    const rows = {} as Record<Flag, BeneficiaryRow>;
    for (const flag of FLAGS) {
      rows[flag] = await linkBeneficiary(t.db, estateId, viewers[flag].user, {
        accessMemories: flagValue(flag),
        accessDocuments: flagValue(flag),
        accessMessages: flagValue(flag),
      });
    }
    const other = await insertBeneficiary(t.db, estateId);
    estates[status] = { id: estateId, owner, rows, other };

    for (const shared of SHARED) {
      for (const release of RELEASES) {
        const share =
          shared === 'all'
            ? { shareAll: true }
            : { sharedWith: shared === 'me' ? [rows.on.id, rows.off.id] : [other.id] };
        const title = `${status} ${shared} ${release}`;
        const memory = await insertMemory(deps, estateId, {
          title: `Memory ${title}`,
          description: 'A day by the sea',
          photos: [{ bytes: photo, name: 'sea.jpg' }],
          release,
          createdBy: owner.id,
          ...share,
        });
        items.push({ kind: 'memory', id: memory.id, title: memory.title, shared, release, status, estateId, files: await mediaFiles(memory.id) });
        const pdf = makePdf(`Document ${title}`);
        const doc = await insertDocument(deps, estateId, { title: `Document ${title}`, bytes: pdf, release, ...share });
        items.push({ kind: 'document', id: doc.id, title: doc.title, shared, release, status, estateId, files: [{ id: doc.file.id, bytes: pdf }] });
      }
    }

    // Letters: to each viewer's row delivered and scheduled, and one delivered to someone else.
    for (const flag of FLAGS) {
      const delivered = await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: rows[flag], subject: `Letter to ${flag} (${status})` });
      letters.push({ id: delivered.letter.id, threadByViewer: { [flag]: delivered.threadId }, to: 'me', delivered: true, status, estateId });
      const scheduled = await insertScheduledLetter(t.db, estateId, rows[flag], { subject: `Later letter to ${flag} (${status})` });
      letters.push({ id: scheduled.id, threadByViewer: {}, to: 'me', delivered: false, status, estateId });
    }
    const toOther = await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: other, subject: `Letter to someone else (${status})` });
    letters.push({ id: toOther.letter.id, threadByViewer: {}, to: 'other', delivered: true, status, estateId });

    await setEstateStatus(t.db, estateId, status);
  }

  // Another family, everything shared with all of its beneficiaries, released now.
  const stranger = await insertUser(t.db, { roles: ['estate-owner'] });
  const strangerEstate = stranger.estateId!;
  const strangerRow = await insertBeneficiary(t.db, strangerEstate);
  const fm = await insertMemory(deps, strangerEstate, { title: 'Not yours', photos: [{ bytes: photo, name: 'x.jpg' }], shareAll: true });
  const fd = await insertDocument(deps, strangerEstate, { title: 'Not yours either', shareAll: true });
  const strangerLetter = await insertDeliveredLetter(t.db, { estateId: strangerEstate, ownerId: stranger.id, recipient: strangerRow });
  foreign = {
    estateId: strangerEstate,
    memoryId: fm.id,
    documentId: fd.id,
    fileIds: [fd.file.id, ...(await mediaFiles(fm.id)).map((f) => f.id)],
    threadId: strangerLetter.threadId ?? randomUUID(),
  };
}, 120_000);
afterAll(async () => t.close());

const get = (flag: Flag, url: string) => injectAs(t, viewers[flag].session, 'GET', url);

describe.each(FLAGS)('a beneficiary whose flags are %s', (flag) => {
  const expectedIds = (kind: Item['kind'], estateId?: string) =>
    items
      .filter((i) => i.kind === kind && (!estateId || i.estateId === estateId) && allowed(i.shared, flag, i.release, i.status))
      .map((i) => i.id)
      .sort();

  it('lists exactly the memories and documents the rule allows', async () => {
    const mem = await get(flag, '/api/v1/shared/memories');
    expect(mem.statusCode).toBe(200);
    expect(mem.json().items.map((m: { id: string }) => m.id).sort()).toEqual(expectedIds('memory'));
    const docs = await get(flag, '/api/v1/shared/documents');
    expect(docs.statusCode).toBe(200);
    expect(docs.json().items.map((d: { id: string }) => d.id).sort()).toEqual(expectedIds('document'));
    // Filtering by estate or searching never widens it.
    for (const status of STATUSES) {
      const estateId = estates[status].id;
      const byEstate = await get(flag, `/api/v1/shared/memories?estateId=${estateId}&q=sea`);
      expect(byEstate.json().items.map((m: { id: string }) => m.id).sort()).toEqual(expectedIds('memory', estateId));
    }
  });

  it('counts, per estate, exactly what the rule allows (home cards and content access)', async () => {
    const home = await get(flag, '/api/v1/shared/home');
    expect(home.statusCode).toBe(200);
    const cards = home.json().estates as { estateId: string; counts: Record<string, number> }[];
    expect(cards.map((c) => c.estateId).sort()).toEqual([estates.planning.id, estates.active.id].sort());
    for (const status of STATUSES) {
      const card = cards.find((c) => c.estateId === estates[status].id)!;
      expect(card.counts).toEqual({
        memories: expectedIds('memory', estates[status].id).length,
        documents: expectedIds('document', estates[status].id).length,
        messages: letters.filter((l) => l.estateId === estates[status].id && l.threadByViewer[flag] !== undefined && flag === 'on').length,
      });
    }
    const access = await get(flag, '/api/v1/shared/access');
    expect(access.json().map((a: { counts: unknown }) => a.counts)).toEqual(
      access.json().map((a: { estateId: string }) => cards.find((c) => c.estateId === a.estateId)!.counts),
    );
    // Recent activity links only to visible things.
    const visible = new Set([...expectedIds('memory'), ...expectedIds('document'), ...letters.map((l) => l.id)]);
    for (const a of home.json().activity as { id: string }[]) expect(visible.has(a.id)).toBe(true);
  });

  it('shows each estate page with exactly the allowed memories, documents and letters', async () => {
    for (const status of STATUSES) {
      const { id } = estates[status];
      const res = await get(flag, `/api/v1/shared/estates/${id}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.memories.items.map((m: { id: string }) => m.id).sort()).toEqual(expectedIds('memory', id));
      expect(page.counts.memories).toBe(expectedIds('memory', id).length);
      expect(page.documents.items.map((d: { id: string }) => d.id).sort()).toEqual(expectedIds('document', id));
      expect(page.counts.documents).toBe(expectedIds('document', id).length);
      // Each viewer sees only the delivered letter addressed to their own row, and only with the flag on.
      const expectedLetters = letters.filter((l) => l.estateId === id && l.to === 'me' && l.delivered && l.threadByViewer[flag] !== undefined);
      expect(page.letters.items.map((l: { id: string }) => l.id)).toEqual(flag === 'on' ? expectedLetters.map((l) => l.id) : []);
      expect(expectedLetters).toHaveLength(1);
      if (page.featuredMemory) expect(expectedIds('memory', id)).toContain(page.featuredMemory.id);
      else expect(expectedIds('memory', id)).toEqual([]);
      expect(page.supportTeam).toEqual([]);
    }
  });

  it.each(SHARED.flatMap((shared) => RELEASES.flatMap((release) => STATUSES.map((status) => ({ shared, release, status })))))(
    'detail and every file download agree with the rule: shared with $shared, released $release, estate $status',
    async ({ shared, release, status }) => {
      const expected = allowed(shared, flag, release, status);
      for (const item of items.filter((i) => i.shared === shared && i.release === release && i.status === status)) {
        if (item.kind === 'memory') {
          const detail = await get(flag, `/api/v1/shared/memories/${item.id}`);
          expect(detail.statusCode, item.title).toBe(expected ? 200 : 404);
          if (expected) {
            const media = detail.json().media as { url: string; thumbnailUrl: string }[];
            expect(media).toHaveLength(1);
            expect(media[0]!.url).toBe(`/api/v1/shared/files/${item.files[0]!.id}?inline=1`);
          }
        }
        expect(item.files.length).toBeGreaterThan(0);
        for (const file of item.files) {
          for (const suffix of ['', '?inline=1']) {
            const res = await get(flag, `/api/v1/shared/files/${file.id}${suffix}`);
            expect(res.statusCode, `${item.title} file ${suffix}`).toBe(expected ? 200 : 404);
            if (expected) expect(res.rawPayload.equals(file.bytes)).toBe(true);
            else expect(res.json().error.code).toBe('NOT_FOUND');
          }
        }
      }
    },
  );

  it('reads only the letters the rule allows in the inbox; others are 404', async () => {
    const inbox = await get(flag, '/api/v1/inbox');
    expect(inbox.statusCode).toBe(200);
    const threadIds = (inbox.json().items as { threadId: string }[]).map((x) => x.threadId).sort();
    const mine = letters.filter((l) => l.threadByViewer[flag]).map((l) => l.threadByViewer[flag]!);
    expect(threadIds).toEqual(flag === 'on' ? [...mine].sort() : []);
    for (const threadId of mine) {
      expect((await get(flag, `/api/v1/inbox/threads/${threadId}`)).statusCode).toBe(flag === 'on' ? 200 : 404);
      const read = await injectAs(t, viewers[flag].session, 'POST', `/api/v1/inbox/threads/${threadId}/read`);
      expect(read.statusCode).toBe(flag === 'on' ? 200 : 404);
    }
    // Someone else's letter thread, even in the same estate.
    const otherFlag: Flag = flag === 'on' ? 'off' : 'on';
    for (const l of letters.filter((x) => x.threadByViewer[otherFlag])) {
      expect((await get(flag, `/api/v1/inbox/threads/${l.threadByViewer[otherFlag]}`)).statusCode).toBe(404);
    }
  });

  it('gets 404 for another family’s estate, items and files, by any URL', async () => {
    expect((await get(flag, `/api/v1/shared/estates/${foreign.estateId}`)).statusCode).toBe(404);
    expect((await get(flag, `/api/v1/shared/memories/${foreign.memoryId}`)).statusCode).toBe(404);
    for (const fileId of foreign.fileIds) expect((await get(flag, `/api/v1/shared/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(flag, `/api/v1/inbox/threads/${foreign.threadId}`)).statusCode).toBe(404);
    const list = await get(flag, `/api/v1/shared/memories?estateId=${foreign.estateId}`);
    expect(list.json()).toEqual({ items: [], nextCursor: null });
    const docs = await get(flag, `/api/v1/shared/documents?estateId=${foreign.estateId}`);
    expect(docs.json()).toEqual({ items: [], nextCursor: null });
    // Ids that exist nowhere look exactly the same.
    const missing = await get(flag, `/api/v1/shared/estates/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual((await get(flag, `/api/v1/shared/estates/${foreign.estateId}`)).json());
  });
});

describe('a beneficiary user linked to no estate', () => {
  it('sees nothing and gets 404 for every item, file and estate', async () => {
    const loner = await insertBeneficiaryUser(t.db);
    const session = await sessionFor(t, loner);
    const call = (url: string) => injectAs(t, session, 'GET', url);
    expect((await call('/api/v1/shared/home')).json()).toEqual({ estates: [], activity: [], returning: false });
    expect((await call('/api/v1/shared/memories')).json()).toEqual({ items: [], nextCursor: null });
    expect((await call('/api/v1/shared/documents')).json()).toEqual({ items: [], nextCursor: null });
    expect((await call('/api/v1/inbox')).json()).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
    for (const status of STATUSES) expect((await call(`/api/v1/shared/estates/${estates[status].id}`)).statusCode).toBe(404);
    for (const item of items) {
      if (item.kind === 'memory') expect((await call(`/api/v1/shared/memories/${item.id}`)).statusCode).toBe(404);
      for (const file of item.files) expect((await call(`/api/v1/shared/files/${file.id}`)).statusCode).toBe(404);
    }
  });
});

describe('changes take effect at once', () => {
  it('turning the memories flag off hides memories and their files on the next request; on again shows them', async () => {
    const row = estates.planning.rows.on;
    const visible = items.find((i) => i.kind === 'memory' && i.estateId === estates.planning.id && i.shared === 'me' && i.release === 'now')!;
    expect((await get('on', `/api/v1/shared/memories/${visible.id}`)).statusCode).toBe(200);
    await t.db.update(beneficiaries).set({ accessMemories: false }).where(eq(beneficiaries.id, row.id));
    expect((await get('on', `/api/v1/shared/memories/${visible.id}`)).statusCode).toBe(404);
    expect((await get('on', `/api/v1/shared/files/${visible.files[0]!.id}`)).statusCode).toBe(404);
    const card = (await get('on', '/api/v1/shared/home')).json().estates.find((e: { estateId: string }) => e.estateId === estates.planning.id);
    expect(card.counts.memories).toBe(0);
    // Documents are untouched by the memories flag.
    expect(card.counts.documents).toBeGreaterThan(0);
    await t.db.update(beneficiaries).set({ accessMemories: true }).where(eq(beneficiaries.id, row.id));
    expect((await get('on', `/api/v1/shared/memories/${visible.id}`)).statusCode).toBe(200);
  });

  it('turning the messages flag off hides a letter thread whole, the reader’s own replies included', async () => {
    const { id: estateId, owner, rows } = estates.planning;
    const { threadId } = await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: rows.on, subject: 'Private letter subject' });
    const reply = await injectAs(t, viewers.on.session, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'Thank you, Mum' });
    expect(reply.statusCode).toBe(201);
    const subjects = async () => (await get('on', '/api/v1/inbox')).json().items.map((x: { subject: string }) => x.subject);
    expect(await subjects()).toContain('Private letter subject');
    await t.db.update(beneficiaries).set({ accessMessages: false }).where(eq(beneficiaries.id, rows.on.id));
    try {
      expect((await subjects()).filter((x: string) => x.includes('Private letter'))).toEqual([]);
      expect((await get('on', `/api/v1/inbox/threads/${threadId}`)).statusCode).toBe(404);
      expect((await injectAs(t, viewers.on.session, 'POST', `/api/v1/inbox/threads/${threadId}/replies`, { body: 'Again' })).statusCode).toBe(404);
      // The owner who sent it still has the thread, with the reply.
      const ownerSession = await sessionFor(t, owner);
      const thread = await injectAs(t, ownerSession, 'GET', `/api/v1/inbox/threads/${threadId}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.json().messages.map((m: { body: string }) => m.body)).toContain('Thank you, Mum');
    } finally {
      await t.db.update(beneficiaries).set({ accessMessages: true }).where(eq(beneficiaries.id, rows.on.id));
    }
  });

  it('activation releases after-activation items; leaving active hides them again', async () => {
    const held = items.find((i) => i.kind === 'document' && i.estateId === estates.planning.id && i.shared === 'all' && i.release === 'after_activation')!;
    expect((await get('on', `/api/v1/shared/files/${held.files[0]!.id}`)).statusCode).toBe(404);
    for (const status of ['verification_pending', 'activation_pending'] as const) {
      await setEstateStatus(t.db, estates.planning.id, status);
      expect((await get('on', `/api/v1/shared/files/${held.files[0]!.id}`)).statusCode).toBe(404);
    }
    await setEstateStatus(t.db, estates.planning.id, 'active');
    expect((await get('on', `/api/v1/shared/files/${held.files[0]!.id}`)).statusCode).toBe(200);
    await setEstateStatus(t.db, estates.planning.id, 'planning');
    expect((await get('on', `/api/v1/shared/files/${held.files[0]!.id}`)).statusCode).toBe(404);
  });

  it('an active estate releases after-activation items step by step: documents first, memories with the next step', async () => {
    const find = (kind: 'memory' | 'document') =>
      items.find((i) => i.kind === kind && i.estateId === estates.planning.id && i.shared === 'all' && i.release === 'after_activation')!;
    const url = (item: ReturnType<typeof find>) => (item.kind === 'memory' ? `/api/v1/shared/memories/${item.id}` : `/api/v1/shared/files/${item.files[0]!.id}`);
    const [doc, memory] = [find('document'), find('memory')];
    try {
      await setEstateStatus(t.db, estates.planning.id, 'active', new Date(), 0);
      expect([(await get('on', url(doc))).statusCode, (await get('on', url(memory))).statusCode]).toEqual([404, 404]);
      await setEstateStatus(t.db, estates.planning.id, 'active', new Date(), 1);
      expect([(await get('on', url(doc))).statusCode, (await get('on', url(memory))).statusCode]).toEqual([200, 404]);
      await setEstateStatus(t.db, estates.planning.id, 'active', new Date(), 2);
      expect([(await get('on', url(doc))).statusCode, (await get('on', url(memory))).statusCode]).toEqual([200, 200]);
    } finally {
      await setEstateStatus(t.db, estates.planning.id, 'planning');
    }
  });

  it('an item attached to a letter delivered to me counts as shared with me; a scheduled letter’s attachment does not', async () => {
    const { id: estateId, owner, rows } = estates.planning;
    const memory = await insertMemory(t.app.deps, estateId, { title: 'Attached only', createdBy: owner.id });
    const doc = await insertDocument(t.app.deps, estateId, { title: 'Scheduled attachment' });
    await insertScheduledLetter(t.db, estateId, rows.on, { documentIds: [doc.id] });
    expect((await get('on', `/api/v1/shared/memories/${memory.id}`)).statusCode).toBe(404);
    await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: rows.on, memoryIds: [memory.id] });
    expect((await get('on', `/api/v1/shared/memories/${memory.id}`)).statusCode).toBe(200);
    expect((await get('off', `/api/v1/shared/memories/${memory.id}`)).statusCode).toBe(404);
    expect((await get('on', `/api/v1/shared/files/${doc.file.id}`)).statusCode).toBe(404);
  });
});

describe('downloads', () => {
  const downloadable = () =>
    items.find((i) => i.kind === 'document' && i.estateId === estates.active.id && i.shared === 'all' && i.release === 'now')!;
  /** A document and a photo memory, shared with all in the estate (active unless said), that no one has opened yet. */
  const unopened = async (title: string, status: Status = 'active') => {
    const { id: estateId, owner } = estates[status];
    const doc = await insertDocument(t.app.deps, estateId, { title: `Document ${title}`, shareAll: true });
    const photo = await makePhoto('#0f766e', 96, 64);
    const memory = await insertMemory(t.app.deps, estateId, { title: `Memory ${title}`, photos: [{ bytes: photo, name: 'sea.jpg' }], shareAll: true, createdBy: owner.id });
    return { doc, memory, memoryFiles: await mediaFiles(memory.id) };
  };

  it('streams the real file as an attachment and audit-logs it; the owner of an active estate is told nothing (ADR 0078)', async () => {
    const { doc } = await unopened('to download');
    const res = await get('on', `/api/v1/shared/files/${doc.file.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shared_file.downloaded'), eq(auditLog.targetId, doc.file.id)));
    expect(entry).toMatchObject({ actorUserId: viewers.on.user.id, estateId: estates.active.id, targetType: 'file' });
    const ownerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, estates.active.owner.id));
    expect(ownerNotes.filter((n) => n.message.includes(doc.title))).toEqual([]);
  });

  it('audits every request, inline or attachment; only the first download in the notice window notifies the owner, never a view; an owner with beneficiary activity off is not notified', async () => {
    const { owner, id: estateId } = estates.planning;
    const ownerNotes = async () => t.db.select({ id: notifications.id, message: notifications.message }).from(notifications).where(eq(notifications.userId, owner.id));
    const entries = async (fileId: string) =>
      (await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'shared_file.downloaded'), eq(auditLog.targetId, fileId)))).map(
        ({ id, actorUserId, estateId, targetType, targetId, details }) => ({ id, entry: { actorUserId, estateId, targetType, targetId, details } }),
      );
    /** One request: what it added to the audit log and to the owner's notifications. */
    const fetchFile = async (fileId: string, suffix: string) => {
      const [n0, a0] = [await ownerNotes(), await entries(fileId)];
      const res = await get('on', `/api/v1/shared/files/${fileId}${suffix}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(suffix ? /^inline;/ : /^attachment;/);
      const added = (await entries(fileId)).filter((a) => !a0.some((x) => x.id === a.id)).map((a) => a.entry);
      const notified = (await ownerNotes()).filter((n) => !n0.some((x) => x.id === n.id)).map((n) => n.message);
      return { audited: added, notified };
    };

    const { doc, memory, memoryFiles } = await unopened('for parity', 'planning');
    const suffixes = ['', '?inline=1', '?inline=true'];
    // Each file opened first another way: as an attachment, inline, inline again.
    const cases = [
      { id: doc.file.id, what: `the document “${doc.title}”`, first: '' },
      ...memoryFiles.map((f, i) => ({ id: f.id, what: `a photo from the memory “${memory.title}”`, first: suffixes[i + 1]! })),
    ];
    expect(cases).toHaveLength(3); // the document, the photo and its thumbnail
    for (const file of cases) {
      const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
      const order = [file.first, ...suffixes.filter((x) => x !== file.first)];
      for (const suffix of order) {
        const inline = suffix !== '';
        const audited = [{ actorUserId: viewers.on.user.id, estateId, targetType: 'file', targetId: file.id, details: { size: row!.size, mimeType: row!.mimeType, inline } }];
        const notified = inline ? [] : [`${viewers.on.user.name} downloaded ${file.what}`];
        expect(await fetchFile(file.id, suffix), `${file.what} ${suffix}`).toEqual({ audited, notified });
      }
    }

    await t.db
      .insert(userSettings)
      .values({ userId: owner.id, data: { beneficiaryActivity: false } })
      .onConflictDoUpdate({ target: userSettings.userId, set: { data: { beneficiaryActivity: false } } });
    const quiet = await unopened('with activity off', 'planning');
    for (const fileId of [quiet.doc.file.id, quiet.memoryFiles[0]!.id]) {
      for (const suffix of ['?inline=1', '']) {
        const { audited, notified } = await fetchFile(fileId, suffix);
        expect(audited).toHaveLength(1);
        expect(notified).toEqual([]);
      }
    }
  });

  it('refuses bad ids and unknown query fields with 400, never 500', async () => {
    expect((await get('on', '/api/v1/shared/files/not-a-uuid')).statusCode).toBe(400);
    expect((await get('on', `/api/v1/shared/files/${randomUUID()}?download=yes`)).statusCode).toBe(400);
    expect((await get('on', '/api/v1/shared/memories?type=hologram')).statusCode).toBe(400);
  });

  it('is refused to roles without shared-content access', async () => {
    const owner = await sessionFor(t, estates.active.owner);
    expect((await injectAs(t, owner, 'GET', `/api/v1/shared/files/${downloadable().files[0]!.id}`)).statusCode).toBe(403);
  });
});

describe('the owner’s View Access and the beneficiary’s real access', () => {
  it.each(STATUSES)('agree for every item of the %s estate and each linked beneficiary', async (status) => {
    const { id: estateId, owner, rows } = estates[status];
    const ownerSession = await sessionFor(t, owner);
    // Items shared with a person only by attaching them to a letter delivered to them (released now
    // and after activation), and one attached to a letter still scheduled (which shares nothing).
    for (const flag of FLAGS) {
      const memory = await insertMemory(t.app.deps, estateId, { title: `By letter to ${flag}`, createdBy: owner.id });
      const held = await insertDocument(t.app.deps, estateId, { title: `Held, by letter to ${flag}`, release: 'after_activation' });
      const waiting = await insertMemory(t.app.deps, estateId, { title: `On a scheduled letter to ${flag}`, createdBy: owner.id });
      await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: rows[flag], memoryIds: [memory.id], documentIds: [held.id] });
      await insertScheduledLetter(t.db, estateId, rows[flag], { memoryIds: [waiting.id] });
    }
    const estateMemories = await t.db.select({ id: memories.id }).from(memories).where(eq(memories.estateId, estateId));
    const estateDocuments = await t.db.select({ fileId: documents.fileId }).from(documents).where(eq(documents.estateId, estateId));

    for (const flag of FLAGS) {
      // What the shared-content API really lets this person open, item by item.
      let openMemories = 0;
      for (const m of estateMemories) {
        const res = await get(flag, `/api/v1/shared/memories/${m.id}`);
        expect([200, 404]).toContain(res.statusCode);
        if (res.statusCode === 200) openMemories++;
      }
      let openDocuments = 0;
      for (const d of estateDocuments) {
        const res = await get(flag, `/api/v1/shared/files/${d.fileId}`);
        expect([200, 404]).toContain(res.statusCode);
        if (res.statusCode === 200) openDocuments++;
      }
      const page = await get(flag, `/api/v1/shared/estates/${estateId}`);
      expect(page.statusCode).toBe(200);

      const view = await injectAs(t, ownerSession, 'GET', `/api/v1/beneficiaries/${rows[flag].id}/access`);
      expect(view.statusCode).toBe(200);
      const access = view.json();
      expect(access.estateStatus).toBe(status);
      expect({ memories: access.memories.visibleNow, documents: access.documents.visibleNow, letters: access.futureMessages.delivered }).toEqual({
        memories: openMemories,
        documents: openDocuments,
        letters: page.json().letters.items.length,
      });
      expect(access.memories.shared).toBeGreaterThanOrEqual(access.memories.visibleNow);
      expect(access.documents.shared).toBeGreaterThanOrEqual(access.documents.visibleNow);
      // With the flag on in an active estate everything shared is open: "shared" counts the same items.
      if (flag === 'on' && status === 'active') {
        expect([access.memories.shared, access.documents.shared]).toEqual([openMemories, openDocuments]);
      }
      if (flag === 'on') expect(openMemories).toBeGreaterThan(0);
    }
  });
});
