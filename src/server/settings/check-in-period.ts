import { and, eq, isNull } from 'drizzle-orm';
import { nextDueAt, nextStageAt, pauseEndsAt, periodStart } from '../../core/check-in.ts';
import type { BaseCtx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { checkInMisses, checkInSettings } from '../db/schema/check-in.ts';
import { audit } from '../lib/audit.ts';
import { ownerTimeZone } from './owner-time-zone.ts';

export type CheckInRow = typeof checkInSettings.$inferSelect;

/**
 * The period a check-in (or a settings change) starts: from the check-in, or from the end of a pause
 * that comes after it, to the due time; the job's bookkeeping starts over (no stage sent yet).
 */
export function periodFields(input: { months: number | null; lastCheckInAt: Date; pausedUntil: string | null }, timeZone: string) {
  const state = { months: input.months, lastCheckInAt: input.lastCheckInAt, pausedUntil: input.pausedUntil ? pauseEndsAt(input.pausedUntil, timeZone) : null };
  const start = periodStart(state);
  const dueAt = nextDueAt(state, timeZone);
  return { periodStart: start, dueAt, stageSent: 0, nextStageAt: dueAt ? nextStageAt(start, dueAt, 0, timeZone) : null };
}

export async function checkInRowOf(db: Db, where: { userId: string } | { estateId: string }): Promise<CheckInRow | null> {
  const [row] = await db
    .select()
    .from(checkInSettings)
    .where('userId' in where ? eq(checkInSettings.userId, where.userId) : eq(checkInSettings.estateId, where.estateId));
  return row ?? null;
}

/**
 * The owner checked in (signed in, pressed "I'm here", followed the emailed link, changed the
 * settings): a new period starts now, and an open "is this person all right?" question is closed.
 * Nothing happens for a user who never turned the switch on. Returns the updated row, or null.
 */
export async function recordCheckIn(ctx: BaseCtx, userId: string, via: 'sign_in' | 'button' | 'email_link' | 'settings'): Promise<CheckInRow | null> {
  const row = await checkInRowOf(ctx.db, { userId });
  if (!row) return null;
  const now = ctx.clock.now();
  const fields = periodFields({ months: row.months, lastCheckInAt: now, pausedUntil: row.pausedUntil }, await ownerTimeZone(ctx.db, row.estateId));
  const [updated] = await ctx.db
    .update(checkInSettings)
    .set({ lastCheckInAt: now, ...fields, updatedAt: now })
    .where(eq(checkInSettings.estateId, row.estateId))
    .returning();
  await ctx.db.update(checkInMisses).set({ resolvedAt: now }).where(and(eq(checkInMisses.estateId, row.estateId), isNull(checkInMisses.resolvedAt)));
  if (row.months !== null) await audit(ctx, { action: 'check_in.recorded', actorUserId: userId, estateId: row.estateId, details: { via } });
  return updated ?? null;
}

/** Sign-in counts as a check-in (one call from auth/sign-in.ts). */
export async function checkInOnSignIn(ctx: BaseCtx, userId: string): Promise<void> {
  await recordCheckIn(ctx, userId, 'sign_in');
}
