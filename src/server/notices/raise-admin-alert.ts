import type { TAdminAlertType } from '../../core/admin.schemas.ts';
import type { Deps } from '../context.ts';
import { adminAlerts } from '../db/schema/admin.ts';

export interface AdminAlertInput {
  type: TAdminAlertType;
  /** Worded for the admin dashboard; never secrets or personal content (no vault titles, no passwords). */
  message: string;
  /** The same key twice (a job run again, a burst of slow requests in one window) raises one alert. */
  dedupeKey?: string;
  details?: Record<string, unknown>;
}

/**
 * Raise a platform alert for the admin dashboard from a real event: repeated failed sign-ins, a slow
 * request, a failed job, user feedback. Returns false when an alert with the same key already exists.
 */
export async function raiseAdminAlert(deps: Pick<Deps, 'db' | 'clock'>, input: AdminAlertInput): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(adminAlerts)
    .values({
      type: input.type,
      message: input.message,
      details: input.details ?? {},
      dedupeKey: input.dedupeKey ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: adminAlerts.id });
  return Boolean(row);
}
