import { eq } from 'drizzle-orm';
import { todayIn } from '../../../core/delivery-rules.ts';
import type { TEstateSettings, TEstateSettingsInput } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { getEstateSettings } from './get-estate-settings.ts';

/**
 * Save the estate's activation condition and content release schedule. An activation date must
 * lie in the future; release dates are kept sorted and unique. Dates that do not belong to the
 * chosen option are cleared.
 */
export async function updateEstateSettings(ctx: Ctx, input: TEstateSettingsInput): Promise<TEstateSettings> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  const today = todayIn(ctx.clock.now(), defaultTimeZone);
  const activationDate = input.activationCondition === 'specific_date' ? (input.activationDate ?? null) : null;
  if (activationDate && activationDate <= today) {
    throw badRequest('The activation date must be in the future.', { activationDate: 'Choose a date in the future' });
  }
  const releaseDates = input.releaseSchedule === 'specific_dates' ? [...new Set(input.releaseDates)].sort() : [];
  await ctx.db
    .update(estates)
    .set({
      activationCondition: input.activationCondition,
      activationDate,
      releaseSchedule: input.releaseSchedule,
      releaseDates,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(estates.id, estateId));
  await audit(ctx, {
    action: 'estate.settings_updated',
    targetType: 'estate',
    targetId: estateId,
    details: { activationCondition: input.activationCondition, releaseSchedule: input.releaseSchedule, releaseDates: releaseDates.length },
  });
  return getEstateSettings(ctx);
}
