import { type ALERT_PRIORITIES, type ALERT_TYPES } from '../../core/lifecycle.schemas.ts';
import type { Deps } from '../context.ts';
import { estateAlerts } from '../db/schema/lifecycle.ts';
import { administratorsOf } from '../access/estate-roles.ts';
import { notify } from '../notices/notify.ts';
import { loadEstateAdministratorSettings } from '../settings/estate-administrator-settings.ts';

export interface AlertInput {
  estateId: string;
  type: (typeof ALERT_TYPES)[number];
  priority: (typeof ALERT_PRIORITIES)[number];
  message: string;
  /** The same key twice (a job run again, a retried request) raises one alert. */
  dedupeKey?: string;
}

/**
 * Raise an alert for an estate's administrators (the estate administrator's Alerts screen), and
 * tell each administrator whose alert settings want this type, in-app (and by email through their
 * notification settings when "email notifications" is on). Returns false when it already existed.
 */
export async function raiseAlert(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>, input: AlertInput): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(estateAlerts)
    .values({ ...input, dedupeKey: input.dedupeKey ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: estateAlerts.id });
  if (!row) return false;
  for (const userId of await administratorsOf(deps.db, input.estateId)) {
    const settings = await loadEstateAdministratorSettings(deps.db, userId);
    if (!settings.alerts[input.type]) continue;
    await notify(settings.emailNotifications ? deps : { db: deps.db, clock: deps.clock }, {
      userId,
      type: 'estate',
      message: input.message,
      link: '/estate-administrator/alerts',
    });
  }
  return true;
}
