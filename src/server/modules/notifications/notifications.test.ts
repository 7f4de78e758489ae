import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/messages.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertBeneficiaryUser, insertFamily, insertNotification, setEstateStatus } from '../../../../test/factories/shared-content.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { saveNotificationSettings } from '../../notices/notification-settings.ts';
import { notify } from '../../notices/notify.ts';
import { notifyEstateStatusChanged } from '../../notices/notify-estate-status.ts';
import { sendDigests } from '../../notices/send-digests.ts';
import { sendPendingNotifications } from '../../notices/send-pending-notifications.ts';
import { readSmsLog } from '../../notices/sms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-05-12T15:00:00Z'));
});
afterAll(async () => t.close());

const deps = () => t.app.deps;
const mailTo = async (email: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
const smsTo = async (phone: string) => (await readSmsLog(t.config)).filter((m) => m.to === phone);
const rowsOf = async (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notify: preferences decide what is created', () => {
  it('creates by default, and skips a type whose preference is off; estate and security notices always', async () => {
    const user = await insertBeneficiaryUser(t.db);
    expect(await notify(deps(), { userId: user.id, type: 'memory', message: 'Margaret shared a memory with you: Lake days' })).toBeTruthy();
    await saveNotificationSettings(t.db, user.id, { newMemories: false, documentUpdates: false, newMessages: false }, t.clock.now());
    for (const type of ['memory', 'document', 'message'] as const) expect(await notify(deps(), { userId: user.id, type, message: type })).toBeNull();
    for (const type of ['estate', 'security'] as const) expect(await notify(deps(), { userId: user.id, type, message: type })).toBeTruthy();
    expect((await rowsOf(user.id)).map((r) => r.type).sort()).toEqual(['estate', 'memory', 'security']);
  });
});

describe('notify: method and frequency decide how it is sent', () => {
  it('Immediately + Email: one email now through the mailer, marked delivered', async () => {
    const user = await insertBeneficiaryUser(t.db, { phone: '+1 555 0100' });
    await notify(deps(), { userId: user.id, type: 'document', message: 'Margaret shared a document with you: Will', fromName: 'Margaret Ellis', link: '/beneficiary/documents' });
    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    // The subject names the kind of notice, never a user's words; what happened is in the body.
    expect(mail[0]).toMatchObject({ kind: 'notification', subject: 'Heirloom: a document has been shared with you', idempotencyKey: expect.any(String) });
    expect(mail[0]!.text).toContain('Margaret shared a document with you: Will (from “Margaret Ellis”)');
    expect(mail[0]!.text).toContain('http://localhost:3000/beneficiary/documents');
    expect((await rowsOf(user.id))[0]!.deliveredAt).toEqual(t.clock.now());
    expect(await smsTo('+1 555 0100')).toEqual([]);
  });

  it('SMS goes through the local adapter (logged, not emailed); Both does both', async () => {
    const sms = await insertBeneficiaryUser(t.db, { phone: '+1 555 0101' });
    await saveNotificationSettings(t.db, sms.id, { method: 'sms' }, t.clock.now());
    await notify(deps(), { userId: sms.id, type: 'message', message: 'David Chen sent you a message: Tuesday' });
    expect(await mailTo(sms.email)).toEqual([]);
    expect(await smsTo('+1 555 0101')).toEqual([expect.objectContaining({ kind: 'notification', text: expect.stringContaining('David Chen sent you a message') })]);

    const both = await insertBeneficiaryUser(t.db, { phone: '+1 555 0102' });
    await saveNotificationSettings(t.db, both.id, { method: 'both' }, t.clock.now());
    await notify(deps(), { userId: both.id, type: 'estate', message: 'The estate of Margaret Ellis is now active' });
    expect(await mailTo(both.email)).toHaveLength(1);
    expect(await smsTo('+1 555 0102')).toHaveLength(1);
  });

  it('“New content notifications” off keeps memory/document notices in-app only; messages are still sent', async () => {
    const user = await insertBeneficiaryUser(t.db);
    await saveNotificationSettings(t.db, user.id, { newContent: false }, t.clock.now());
    await notify(deps(), { userId: user.id, type: 'memory', message: 'new memory' });
    await notify(deps(), { userId: user.id, type: 'document', message: 'new document' });
    expect(await mailTo(user.email)).toEqual([]);
    expect(await rowsOf(user.id)).toHaveLength(2);
    await notify(deps(), { userId: user.id, type: 'message', message: 'new message' });
    expect(await mailTo(user.email)).toHaveLength(1);
    // …and the sweep does not send them later either.
    await sendPendingNotifications(deps());
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('inside a transaction it only creates; the every-minute sweep sends once after commit', async () => {
    const user = await insertBeneficiaryUser(t.db);
    await t.db.transaction(async (tx) => {
      await notify({ ...deps(), db: tx as unknown as Db }, { userId: user.id, type: 'message', message: 'Margaret left you a message' });
    });
    expect(await mailTo(user.email)).toEqual([]);
    expect(await sendPendingNotifications(deps())).toEqual({ notifications: expect.any(Number) });
    expect(await mailTo(user.email)).toHaveLength(1);
    await sendPendingNotifications(deps());
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('a letter the scheduler delivers (inside its transaction) is emailed once by the send-notifications job', async () => {
    const family = await insertFamily(t.db);
    await insertFutureMessage(t.db, family.estateId, family.viewerRow.id, {
      subject: 'For your birthday',
      status: 'scheduled',
      dueAt: new Date(t.clock.now().getTime() - 60_000),
    });
    const runs = [...(await deps().jobs.runDue()), ...(await deps().jobs.runDue())];
    expect(runs.map((r) => r.job)).toEqual(expect.arrayContaining(['send-notifications', 'send-daily-digests', 'send-weekly-summaries']));
    const mail = await mailTo(family.viewer.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Heirloom: you have a new message');
    expect(mail[0]!.text).toContain('For your birthday');
  });

  it('Daily digest: nothing now; one email with everything unseen at the digest; never twice', async () => {
    const user = await insertBeneficiaryUser(t.db);
    const weekly = await insertBeneficiaryUser(t.db, { phone: '+1 555 0107' });
    await saveNotificationSettings(t.db, user.id, { frequency: 'daily' }, t.clock.now());
    await saveNotificationSettings(t.db, weekly.id, { frequency: 'weekly', method: 'both' }, t.clock.now());
    await notify(deps(), { userId: user.id, type: 'memory', message: 'Margaret shared a memory with you: Lake days' });
    await notify(deps(), { userId: user.id, type: 'document', message: 'Margaret shared a document with you: Will' });
    const readOne = await notify(deps(), { userId: user.id, type: 'message', message: 'Already seen in the app' });
    await t.db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.id, readOne!));
    await notify(deps(), { userId: weekly.id, type: 'memory', message: 'weekly item' });
    await sendPendingNotifications(deps());
    expect(await mailTo(user.email)).toEqual([]);

    const result = await sendDigests(deps(), 'daily');
    expect(result.notifications).toBeGreaterThanOrEqual(2);
    const [digest, ...more] = await mailTo(user.email);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ kind: 'notification-digest', subject: 'Heirloom daily digest: 2 new notifications' });
    expect(digest!.text).toContain('Lake days');
    expect(digest!.text).toContain('Will');
    expect(digest!.text).not.toContain('Already seen');
    await sendDigests(deps(), 'daily');
    expect(await mailTo(user.email)).toHaveLength(1);
    expect(await mailTo(weekly.email)).toEqual([]);

    await sendDigests(deps(), 'weekly');
    expect(await mailTo(weekly.email)).toHaveLength(1);
    expect(await smsTo('+1 555 0107')).toEqual([expect.objectContaining({ kind: 'digest', text: expect.stringContaining('1 new notification') })]);
  });
});

describe('estate status notices', () => {
  it('tell each linked beneficiary, and on activation how much is now open to them', async () => {
    const family = await insertFamily(t.db);
    await insertDocument(deps(), family.estateId, { title: 'Will', shareAll: true, release: 'after_activation' });
    await insertDocument(deps(), family.estateId, { title: 'Deed', shareAll: true, release: 'now' });
    await setEstateStatus(t.db, family.estateId, 'verification_pending');
    expect(await notifyEstateStatusChanged(deps(), family.estateId)).toBe(1);
    await setEstateStatus(t.db, family.estateId, 'active');
    await notifyEstateStatusChanged(deps(), family.estateId);
    const notes = (await rowsOf(family.viewer.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.message.localeCompare(b.message));
    expect(notes.map((n) => n.type)).toEqual(['estate', 'estate']);
    expect(notes.some((n) => n.message.includes('being verified'))).toBe(true);
    expect(notes.find((n) => n.message.includes('now active'))!.message).toContain('0 memories and 2 documents');
    expect(notes[0]!.link).toBe(`/beneficiary/estate/${family.estateId}`);
    // The owner and the unlinked beneficiary are not told; nothing goes to another family.
    expect(await rowsOf(family.owner.id)).toEqual([]);
    expect(await notifyEstateStatusChanged(deps(), randomUUID())).toBe(0);
  });
});

describe('the notifications API', () => {
  let user: InsertedUser;
  let session: TestSession;
  let other: InsertedUser;
  beforeEach(async () => {
    user = await insertBeneficiaryUser(t.db);
    session = await sessionFor(t, user);
    other = await insertUser(t.db, { roles: ['beneficiary'] });
    const now = t.clock.now();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await insertNotification(t.db, user.id, { type: 'memory', message: 'Margaret shared a memory with you: Lake days', fromName: 'Margaret Ellis', createdAt: hoursAgo(1) });
    await insertNotification(t.db, user.id, { type: 'document', message: 'Margaret shared a document with you: Will', fromName: 'Margaret Ellis', createdAt: hoursAgo(2), readAt: hoursAgo(1) });
    await insertNotification(t.db, user.id, { type: 'message', message: 'David Chen sent you a message: Tuesday', fromName: 'David Chen', createdAt: hoursAgo(30) });
    await insertNotification(t.db, user.id, { type: 'estate', message: 'Old news', createdAt: hoursAgo(200), archivedAt: hoursAgo(100) });
    await insertNotification(t.db, other.id, { message: 'Not yours' });
  });

  const list = async (query = '') => {
    const res = await injectAs(t, session, 'GET', `/api/v1/notifications${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists the user’s own, newest first, with counters unread / today / total (not archived)', async () => {
    const body = await list('?tz=UTC');
    expect(body.items.map((n: { message: string }) => n.message)).toEqual([
      'Margaret shared a memory with you: Lake days',
      'Margaret shared a document with you: Will',
      'David Chen sent you a message: Tuesday',
    ]);
    expect(body.counts).toEqual({ unread: 2, today: 2, total: 3 });
    expect(body.items[0]).toMatchObject({ read: false, archived: false, from: 'Margaret Ellis', type: 'memory' });
    expect(body.preferences).toEqual({ newMemories: true, documentUpdates: true, newMessages: true });
    // "today" follows the viewer's time zone: 15:00 UTC is midnight in Tokyo, so nothing is from today there.
    expect((await list('?tz=Asia%2FTokyo')).counts.today).toBe(0);
  });

  it('searches, filters by type and shows archived history', async () => {
    expect((await list('?q=david')).items.map((n: { from: string }) => n.from)).toEqual(['David Chen']);
    expect((await list('?q=50%25')).items).toEqual([]);
    expect((await list('?type=document')).items).toHaveLength(1);
    expect((await list('?view=unread')).items).toHaveLength(2);
    expect((await list('?view=archived')).items.map((n: { message: string }) => n.message)).toEqual(['Old news']);
  });

  it('marks one read, archives one (and back), marks all read', async () => {
    const [first, , third] = (await list()).items;
    const read = await injectAs(t, session, 'POST', `/api/v1/notifications/${first.id}/read`);
    expect(read.json()).toMatchObject({ id: first.id, read: true });
    expect((await list()).counts.unread).toBe(1);
    const archived = await injectAs(t, session, 'POST', `/api/v1/notifications/${third.id}/archive`);
    expect(archived.json()).toMatchObject({ archived: true, read: true });
    expect((await list()).counts).toMatchObject({ unread: 0, total: 2 });
    expect((await injectAs(t, session, 'POST', `/api/v1/notifications/${third.id}/unarchive`)).json().archived).toBe(false);
    await t.db.update(notifications).set({ readAt: null }).where(eq(notifications.userId, user.id));
    const all = await injectAs(t, session, 'POST', '/api/v1/notifications/read-all');
    expect(all.json()).toEqual({ updated: 4 });
    expect((await list()).counts.unread).toBe(0);
    const [theirs] = await rowsOf(other.id);
    expect(theirs?.readAt).toBeNull();
  });

  it('saves preferences, which then decide what notify creates', async () => {
    const res = await injectAs(t, session, 'PATCH', '/api/v1/notifications/preferences', { newMemories: false });
    expect(res.json()).toEqual({ newMemories: false, documentUpdates: true, newMessages: true });
    expect((await list()).preferences.newMemories).toBe(false);
    expect(await notify(deps(), { userId: user.id, type: 'memory', message: 'x' })).toBeNull();
    expect(await notify(deps(), { userId: user.id, type: 'document', message: 'y' })).toBeTruthy();
  });

  it('answers 404 for someone else’s notification and 400 for bad input', async () => {
    const [theirs] = await rowsOf(other.id);
    for (const action of ['read', 'archive', 'unarchive']) {
      expect((await injectAs(t, session, 'POST', `/api/v1/notifications/${theirs!.id}/${action}`)).statusCode).toBe(404);
      expect((await injectAs(t, session, 'POST', `/api/v1/notifications/${randomUUID()}/${action}`)).statusCode).toBe(404);
    }
    expect((await rowsOf(other.id))[0]).toMatchObject({ readAt: null, archivedAt: null });
    expect((await injectAs(t, session, 'PATCH', '/api/v1/notifications/preferences', { newMemories: 'yes' })).statusCode).toBe(400);
    expect((await injectAs(t, session, 'PATCH', '/api/v1/notifications/preferences', { digest: true })).statusCode).toBe(400);
    expect((await injectAs(t, session, 'GET', '/api/v1/notifications?tz=Mars%2FOlympus')).statusCode).toBe(400);
    expect((await injectAs(t, session, 'GET', '/api/v1/notifications?tz=')).statusCode).toBe(200); // found by the hostile run: an empty tz was a 500
    expect((await injectAs(t, session, 'GET', '/api/v1/notifications?type=alarm')).statusCode).toBe(400);
  });
});

describe('the notifications list pages in the database', () => {
  it('walks every notification once, newest first (same-instant ones too); counters count all; bad cursor and page size are 400', async () => {
    const user = await insertBeneficiaryUser(t.db);
    const session = await sessionFor(t, user);
    const sameInstant = new Date('2026-05-10T09:00:00Z');
    const created = [];
    for (const createdAt of [sameInstant, sameInstant, sameInstant, new Date('2026-05-11T09:00:00Z'), new Date('2026-05-01T09:00:00Z')]) {
      created.push(await insertNotification(t.db, user.id, { createdAt }));
    }
    // Someone else's notification never shows on any page.
    const other = await insertNotification(t.db, (await insertBeneficiaryUser(t.db)).id, { createdAt: sameInstant });
    const expected = created
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((n) => n.id);
    const walk = await walkPages<{ id: string }, { counts: { total: number; unread: number } }>(t, session, '/api/v1/notifications', 2);
    for (const body of walk.bodies) expect(body.counts).toMatchObject({ total: 5, unread: 5 });
    const seen = walk.items.map((n) => n.id);
    expect(seen).toEqual(expected);
    expect(seen).not.toContain(other.id);
    await expectPagingRefusals(t, session, '/api/v1/notifications', ['nope', `2026-05-10|${randomUUID()}`]);
  });
});
