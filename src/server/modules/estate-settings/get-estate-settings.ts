import { eq } from 'drizzle-orm';
import type { TEstateSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';

export async function getEstateSettings(ctx: Ctx): Promise<TEstateSettings> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [estate] = await ctx.db.select().from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('Your estate');
  return {
    status: estate.status,
    activationCondition: estate.activationCondition as TEstateSettings['activationCondition'],
    activationDate: estate.activationDate,
    releaseSchedule: estate.releaseSchedule as TEstateSettings['releaseSchedule'],
    releaseDates: estate.releaseDates,
    activatedAt: estate.activatedAt?.toISOString() ?? null,
  };
}
