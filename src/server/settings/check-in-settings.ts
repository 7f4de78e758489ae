import { addCalendarDays, MAX_PAUSE_DAYS, pauseEndsAt, stageNumber } from '../../core/check-in.ts';
import type { TCheckIn, TUpdateCheckInRequest } from '../../core/check-in.schemas.ts';
import type { Ctx } from '../context.ts';
import { checkInSettings } from '../db/schema/check-in.ts';
import { badRequest } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { ownEstateId } from '../lib/scope.ts';
import { expireLinks } from '../links/emailed-links.ts';
import { ownerTimeZone } from './owner-time-zone.ts';
import { checkInRowOf, periodFields, recordCheckIn, type CheckInRow } from './check-in-period.ts';

function view(row: CheckInRow | null, now: Date, timeZone: string): TCheckIn {
  if (!row || row.months === null) {
    return { months: null, state: 'off', lastCheckInAt: row?.lastCheckInAt.toISOString() ?? null, pausedUntil: null, dueAt: null, timeZone };
  }
  const paused = row.pausedUntil !== null && pauseEndsAt(row.pausedUntil, timeZone) > now;
  return {
    months: row.months,
    state: paused ? 'paused' : row.stageSent >= stageNumber('missed') ? 'missed' : 'on',
    lastCheckInAt: row.lastCheckInAt.toISOString(),
    pausedUntil: paused ? row.pausedUntil : null,
    dueAt: row.dueAt?.toISOString() ?? null,
    timeZone,
  };
}

/** The owner's check-in switch (off until they turn it on). */
export async function getCheckIn(ctx: Ctx): Promise<TCheckIn> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [row, timeZone] = await Promise.all([checkInRowOf(ctx.db, { estateId }), ownerTimeZone(ctx.db, estateId)]);
  return view(row, ctx.clock.now(), timeZone);
}

/**
 * Turn the switch on or off, choose the period, pause it until a date or end a pause. Saving is the
 * owner acting, so it also counts as a check-in: the period starts again now (or at the pause's end).
 */
export async function updateCheckIn(ctx: Ctx, input: TUpdateCheckInRequest): Promise<TCheckIn> {
  const estateId = ownEstateId(ctx, 'Your estate');
  if (input.months === undefined && input.pausedUntil === undefined) {
    throw badRequest('Choose a check-in period, or a date to pause it until.', { months: 'Choose a period or turn it off' });
  }
  const now = ctx.clock.now();
  const timeZone = await ownerTimeZone(ctx.db, estateId);
  const before = await checkInRowOf(ctx.db, { estateId });
  const months = input.months === undefined ? (before?.months ?? null) : input.months;
  let pausedUntil = input.pausedUntil === undefined ? (before?.pausedUntil ?? null) : input.pausedUntil;
  if (months === null) pausedUntil = null;
  if (input.pausedUntil) {
    if (months === null) throw badRequest('Turn the check-in on before pausing it.', { pausedUntil: 'Turn the check-in on first' });
    const ends = pauseEndsAt(input.pausedUntil, timeZone);
    if (ends <= now) throw badRequest('Pick a date after today to pause the check-in until.', { pausedUntil: 'Pick a date after today' });
    if (ends > addCalendarDays(now, MAX_PAUSE_DAYS, timeZone)) {
      throw badRequest(`A pause can last at most ${MAX_PAUSE_DAYS} days. Pick an earlier date.`, { pausedUntil: `At most ${MAX_PAUSE_DAYS} days ahead` });
    }
  }

  const fields = periodFields({ months, lastCheckInAt: now, pausedUntil }, timeZone);
  const values = { months, pausedUntil, lastCheckInAt: now, ...fields, updatedAt: now };
  const [row] = await ctx.db
    .insert(checkInSettings)
    .values({ estateId, userId: ctx.actor.userId, ...values })
    .onConflictDoUpdate({ target: checkInSettings.estateId, set: values })
    .returning();
  // Turned off: the last reminder's "I'm here" link stops working.
  if (months === null) await expireLinks(ctx, { userId: ctx.actor.userId }, 'check-in');
  await audit(ctx, { action: 'check_in.settings_changed', targetType: 'estate', targetId: estateId, details: { months, pausedUntil } });
  // The owner acting closes an open "is this person all right?" question, as any check-in does.
  await recordCheckIn(ctx, ctx.actor.userId, 'settings');
  return view((await checkInRowOf(ctx.db, { estateId })) ?? row ?? null, now, timeZone);
}

/** "I'm here" on the dashboard. */
export async function checkInNow(ctx: Ctx): Promise<TCheckIn> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const row = await recordCheckIn(ctx, ctx.actor.userId, 'button');
  return view(row, ctx.clock.now(), await ownerTimeZone(ctx.db, estateId));
}
