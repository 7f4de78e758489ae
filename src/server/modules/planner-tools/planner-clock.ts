import { PLANNER_TIME_ZONE_IANA } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadUserSettings } from '../../settings/load-user-settings.ts';

/** Today's date in words in the planner's own time zone ("23 November 2026"), for printed tools. */
export async function plannerToday(ctx: Ctx): Promise<string> {
  const { plannerTimeZone } = await loadUserSettings(ctx, ctx.actor.userId);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: PLANNER_TIME_ZONE_IANA[plannerTimeZone] }).format(
    ctx.clock.now(),
  );
}
