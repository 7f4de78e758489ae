import { and, count, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { SEND_LIMITS } from '../../core/constants.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/appointments.ts';
import { invitations } from '../db/schema/estates.ts';
import { messages } from '../db/schema/messages.ts';
import { auditLog } from '../db/schema/system.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Limits on mail sent on a user's behalf (docs/decisions/0014-limits-on-mail-sent-for-users.md).
 *
 * Each check counts the user's recent rows in the database (so the limit holds across instances)
 * inside the transaction that then inserts the new row, after taking a transaction-scoped advisory
 * lock on the sender (and, for invitations, on the address): a parallel request waits for the
 * lock, and its count then sees this one's insert. Call them only inside a transaction.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Invitations a member sends (sign-up confirmation links share the table and have their own limit). */
const INVITATION_KINDS = ['beneficiary', 'support-team', 'planner-client'];
const DAY_MS = 24 * HOUR_MS;
/** Namespaces (first key of the two-key advisory lock), so these never meet other advisory locks. */
const LOCK_SENDER = 0x48_4c_53_31; // "HLS1"
const LOCK_ADDRESS = 0x48_4c_41_31; // "HLA1"

function requireTransaction(db: Db): void {
  if (!(db instanceof PgTransaction)) throw new Error('send limits are checked inside the transaction that inserts the row');
}

/** A transaction-scoped advisory lock on `key` in the namespace `space` (a per-account limit's serialisation point). */
export async function lock(tx: Db, space: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int4, hashtext(${key}))`);
}

const inWords = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
};

/** 429 RATE_LIMITED in the app's error format, saying when to try again. */
export const rateLimited = (message: string) => new AppError(ERROR_CODES.rateLimited, 429, message);

/** When the window frees a place again: the oldest counted row leaves it. */
export const waitFor = (oldest: Date | null, windowMs: number, now: Date) => inWords((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime());

/** An invitation sent, or resent in place (a planner's Resend), since then. */
const sentSince = (since: Date) => or(gt(invitations.createdAt, since), gt(invitations.lastSentAt, since));

/**
 * Before inserting (or resending) an invitation: at most SEND_LIMITS.invitationsPerAccountPerHour from this
 * account, and SEND_LIMITS.invitationsPerAddressPerDay to this address from everyone together.
 */
export async function assertInvitationAllowed(tx: Db, senderId: string, email: string, now: Date): Promise<void> {
  requireTransaction(tx);
  await lock(tx, LOCK_SENDER, senderId);
  await lock(tx, LOCK_ADDRESS, email);
  const [mine] = await tx
    .select({ n: count(), oldest: min(invitations.createdAt) })
    .from(invitations)
    .where(and(eq(invitations.invitedBy, senderId), sentSince(new Date(now.getTime() - HOUR_MS))));
  const perHour = SEND_LIMITS.invitationsPerAccountPerHour;
  if ((mine?.n ?? 0) >= perHour) {
    throw rateLimited(`You can send up to ${perHour} invitations an hour. Please try again in ${waitFor(mine?.oldest ?? null, HOUR_MS, now)}.`);
  }
  const [theirs] = await tx
    .select({ n: count(), oldest: min(invitations.createdAt) })
    .from(invitations)
    .where(and(eq(invitations.email, email), sentSince(new Date(now.getTime() - DAY_MS)), inArray(invitations.kind, INVITATION_KINDS)));
  const perDay = SEND_LIMITS.invitationsPerAddressPerDay;
  if ((theirs?.n ?? 0) >= perDay) {
    throw rateLimited(
      `This email address has already received ${perDay} invitations in the last 24 hours. Please try again in ${waitFor(theirs?.oldest ?? null, DAY_MS, now)}.`,
    );
  }
}

/**
 * Before inserting an inbox message: at most SEND_LIMITS.messagesPerAccountPerHour from this
 * account, and SEND_LIMITS.messagesPerRecipientPerHour of them to one person. Letters the scheduler
 * delivers for an owner (future messages) are not counted: the owner did not send them just now.
 */
export async function assertMessageAllowed(tx: Db, senderId: string, recipientId: string, now: Date): Promise<void> {
  requireTransaction(tx);
  await lock(tx, LOCK_SENDER, senderId);
  const [row] = await tx
    .select({
      n: count(),
      toRecipient: sql<number>`count(*) filter (where ${messages.recipientId} = ${recipientId})`.mapWith(Number),
      oldest: min(messages.createdAt),
    })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, new Date(now.getTime() - HOUR_MS)), isNull(messages.futureMessageId)));
  const perHour = SEND_LIMITS.messagesPerAccountPerHour;
  if ((row?.n ?? 0) >= perHour) {
    throw rateLimited(`You can send up to ${perHour} messages an hour. Please try again in ${waitFor(row?.oldest ?? null, HOUR_MS, now)}.`);
  }
  const perRecipient = SEND_LIMITS.messagesPerRecipientPerHour;
  if ((row?.toRecipient ?? 0) >= perRecipient) {
    throw rateLimited(`You can send up to ${perRecipient} messages an hour to the same person. Please try again later.`);
  }
}

/** Before inserting an appointment request: at most SEND_LIMITS.appointmentRequestsPerAccountPerHour. */
export async function assertAppointmentRequestAllowed(tx: Db, requesterId: string, now: Date): Promise<void> {
  requireTransaction(tx);
  await lock(tx, LOCK_SENDER, requesterId);
  const [row] = await tx
    .select({ n: count(), oldest: min(appointments.createdAt) })
    .from(appointments)
    .where(and(eq(appointments.requestedBy, requesterId), gt(appointments.createdAt, new Date(now.getTime() - HOUR_MS))));
  const perHour = SEND_LIMITS.appointmentRequestsPerAccountPerHour;
  if ((row?.n ?? 0) >= perHour) {
    throw rateLimited(`You can request up to ${perHour} appointments an hour. Please try again in ${waitFor(row?.oldest ?? null, HOUR_MS, now)}.`);
  }
}

/** Before adding a public planner (who is emailed): at most SEND_LIMITS.plannerAdditionsPerAccountPerHour, from the audit log. */
export async function assertPlannerAdditionAllowed(tx: Db, actorId: string, now: Date): Promise<void> {
  requireTransaction(tx);
  await lock(tx, LOCK_SENDER, actorId);
  const [row] = await tx
    .select({ n: count(), oldest: min(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, actorId), gt(auditLog.at, new Date(now.getTime() - HOUR_MS)), eq(auditLog.action, PLANNER_ADDED)));
  const perHour = SEND_LIMITS.plannerAdditionsPerAccountPerHour;
  if ((row?.n ?? 0) >= perHour) {
    throw rateLimited(`You can add up to ${perHour} planners an hour. Please try again in ${waitFor(row?.oldest ?? null, HOUR_MS, now)}.`);
  }
}

/** The audit action addPlanner writes (and assertPlannerAdditionAllowed counts). */
export const PLANNER_ADDED = 'support_team.planner_added';
