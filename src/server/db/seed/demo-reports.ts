import { faker } from '@faker-js/faker';
import type { Role } from '../../../core/roles.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertInvitation } from '../../../../test/factories/invitations.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { adminAlerts, feedback } from '../schema/admin.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';
import { auditLog, outboxEmails } from '../schema/system.ts';
import { users } from '../schema/users.ts';
import type { DemoIds } from './demo-users.ts';
import type { SeedVault } from './demo-vault.ts';

const DAY = 86_400_000;

/** A small seeded generator, so the demo's curves come out the same on every reset. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FEEDBACK: { category: 'bug' | 'feature' | 'other'; message: string; page: string; daysAgo: number }[] = [
  { category: 'feature', message: 'It would help to record a voice memory straight from my phone, without uploading a file first.', page: '/estate-owner/memories', daysAgo: 1 },
  { category: 'bug', message: 'The upload bar stayed at 100% for a while on a large PDF before the document appeared.', page: '/estate-owner/documents', daysAgo: 2 },
  { category: 'other', message: 'Thank you. Setting this up with my mother was easier than I feared.', page: '/estate-owner', daysAgo: 4 },
  { category: 'feature', message: 'Could my clients’ progress be exported with the dates of their last activity?', page: '/legacy-planner/loved-ones', daysAgo: 6 },
  { category: 'bug', message: 'On my tablet the appointment time picker hides behind the keyboard.', page: '/beneficiary/appointments', daysAgo: 9 },
  { category: 'feature', message: 'Please let me choose a different release date for each document.', page: '/estate-owner/documents', daysAgo: 13 },
  { category: 'other', message: 'Is there a way to add a second owner, for my husband and me together?', page: '/estate-owner/settings', daysAgo: 17 },
  { category: 'bug', message: 'A future message I scheduled for a birthday shows the wrong year in the list.', page: '/estate-owner/messages', daysAgo: 24 },
  { category: 'feature', message: 'A reminder before the verification timeout runs out would be useful.', page: '/estate-administrator/verifications', daysAgo: 33 },
  { category: 'feature', message: 'Dark mode, please — I do most of this in the evening.', page: '/estate-owner', daysAgo: 41 },
  { category: 'bug', message: 'The photo order in an album changed after I added a caption.', page: '/estate-owner/memories', daysAgo: 52 },
  { category: 'other', message: 'The learning resources on digital accounts were exactly what I needed.', page: '/legacy-planner/resources', daysAgo: 67 },
];

/**
 * The admin's Reports (ADR 0030): members who joined over the past twelve months, more each month;
 * the memories, documents and future messages they created since; invitations they sent, some
 * accepted; feedback; and the platform's own troubles — failed sign-ins, a few lock-outs, mail that
 * bounced and slow-request alerts — so every chart shows a believable curve.
 */
export async function seedReports(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const deps = { db, ...vault };
  const now = vault.clock.now().getTime();
  const rand = random(20261123);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const between = (from: number, to: number) => new Date(from + rand() * Math.max(0, to - from));

  // A reset seeds again: first remove what an earlier seed left that does not go with the demo users
  // (their feedback goes in resetDemo, before the users).
  await db.delete(adminAlerts).where(or(like(adminAlerts.dedupeKey, 'demo:feedback:%'), like(adminAlerts.dedupeKey, 'demo:slow:%')));
  await db.delete(outboxEmails).where(like(outboxEmails.idempotencyKey, 'demo:%'));
  await db.delete(auditLog).where(sql`${auditLog.details} ->> 'demo' = 'true'`);

  // ---- The demo personas and the people of the earlier seeds joined early, a year and more ago ----
  await db
    .update(users)
    .set({ createdAt: sql`${new Date(now - 400 * DAY).toISOString()}::timestamptz + random() * interval '30 days'` })
    .where(eq(users.isDemo, true));

  // ---- Members: 3 a month a year ago, rising to about 10 a month now ---------------------------------
  const members: { user: InsertedUser; joined: number }[] = [];
  for (let month = 11; month >= 0; month--) {
    const count = Math.round(3 + (11 - month) * 0.65 + rand() * 2);
    for (let i = 0; i < count; i++) {
      const joined = between(now - (month + 1) * 30 * DAY, now - month * 30 * DAY - DAY).getTime();
      const role: Role = pick(['estate-owner', 'estate-owner', 'estate-owner', 'estate-owner', 'estate-owner', 'beneficiary', 'beneficiary', 'legacy-planner']);
      const user = await insertUser(db, { roles: [role], isDemo: true, createdAt: new Date(joined), updatedAt: new Date(joined) });
      members.push({ user, joined });
    }
  }

  // ---- Their content, created after they joined ----------------------------------------------------
  for (const { user, joined } of members) {
    if (!user.estateId) continue;
    const memories = Math.floor(rand() * 5);
    for (let i = 0; i < memories; i++) {
      await insertMemory(deps, user.estateId, { title: faker.lorem.words(3), createdAt: between(joined, now), stories: [{ title: 'A story', content: faker.lorem.sentences(2) }] });
    }
    if (rand() < 0.5) await insertDocument(deps, user.estateId, { createdAt: between(joined, now) });
    if (rand() < 0.35) {
      const recipient = await insertBeneficiary(db, user.estateId);
      await insertFutureMessage(db, user.estateId, recipient.id, { createdAt: between(joined, now), updatedAt: new Date(now) });
    }
    // Invitations to family: a few members invite many.
    const invitations = rand() < 0.3 ? 1 + Math.floor(rand() * 7) : 0;
    for (let i = 0; i < invitations; i++) {
      const sent = between(joined, now);
      await insertInvitation(db, {
        email: faker.internet.email({ provider: 'example.com' }).toLowerCase(),
        role: 'beneficiary',
        kind: 'beneficiary',
        estateId: user.estateId,
        invitedBy: user.id,
        createdAt: sent,
        expiresAt: new Date(sent.getTime() + 14 * DAY),
        acceptedAt: rand() < 0.6 ? new Date(Math.min(now, sent.getTime() + (1 + rand() * 5) * DAY)) : null,
      });
    }
  }

  // ---- Feedback from members and the demo personas, with the alert each raised ----------------------
  const personas = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [ids.ownerId, ids.plannerId, ids.beneficiaryUserId, ids.estateAdministratorId]));
  const senders = [...personas, ...members.slice(-12).map((m) => ({ id: m.user.id, name: m.user.name }))];
  for (const [i, f] of FEEDBACK.entries()) {
    const at = new Date(now - f.daysAgo * DAY - rand() * 8 * 3_600_000);
    const { id: userId, name } = senders[i % senders.length]!;
    const [row] = await db.insert(feedback).values({ userId, category: f.category, message: f.message, page: f.page, createdAt: at }).returning({ id: feedback.id });
    await appendAuditRows(db, [{ at, action: 'feedback.sent', actorUserId: userId, targetType: 'feedback', targetId: row!.id, details: { category: f.category, page: f.page, demo: true } }]);
    await db.insert(adminAlerts).values({
      type: f.category === 'bug' ? 'bug' : 'feature',
      message: `New feedback from ${name}: ${f.category === 'bug' ? 'bug report' : f.category === 'feature' ? 'feature request' : 'other'}`,
      status: f.daysAgo <= 4 ? 'pending' : 'resolved',
      details: { feedbackId: row!.id, category: f.category },
      dedupeKey: `demo:feedback:${row!.id}`,
      createdAt: at,
      updatedAt: at,
    });
  }

  // ---- System health: failed sign-ins (a bad week a month ago), lock-outs, bounced mail, slow requests -
  const failures: (typeof auditLog.$inferInsert)[] = [];
  for (let day = 89; day >= 0; day--) {
    const burst = day >= 28 && day <= 33 ? 6 : 0;
    const count = Math.floor(rand() * 3) + burst;
    for (let i = 0; i < count; i++) {
      const user = pick(members).user;
      failures.push({ at: new Date(now - day * DAY - rand() * DAY), action: 'auth.sign_in_failed', actorUserId: user.id, details: { reason: 'wrong_password', demo: true } });
    }
    if (burst && day % 2 === 0) failures.push({ at: new Date(now - day * DAY), action: 'auth.account_locked', actorUserId: pick(members).user.id, details: { demo: true } });
  }
  await appendAuditRows(db, failures);
  await db.insert(outboxEmails).values(
    [3, 19, 46].map((daysAgo) => ({
      to: faker.internet.email({ provider: 'example.net' }).toLowerCase(),
      subject: 'Heirloom: you have a new message',
      text: 'A notification that could not be delivered.',
      kind: 'notification',
      createdAt: new Date(now - daysAgo * DAY),
      attempts: 6,
      nextAttemptAt: null,
      error: '550 5.1.1 mailbox unavailable',
      idempotencyKey: `demo:bounce:${daysAgo}`,
    })),
  );
  await db.insert(adminAlerts).values(
    [12, 38].map((daysAgo) => ({
      type: 'performance',
      message: 'Slow requests: responses over the threshold on the documents list',
      status: 'resolved',
      details: {},
      dedupeKey: `demo:slow:${daysAgo}`,
      createdAt: new Date(now - daysAgo * DAY),
      updatedAt: new Date(now - daysAgo * DAY),
    })),
  );
}
