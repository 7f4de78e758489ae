import type { Db } from '../db/client.ts';
import { getSystemSettings } from './get-system-settings.ts';

/**
 * The time zone an owner's future messages are timed and worded in (ADR 0042). Owners have no zone
 * of their own yet, so it is the platform's default zone (admin Settings); when an owner's zone
 * lands, it is read here and nowhere else.
 */
export async function ownerTimeZone(db: Db, _estateId: string): Promise<string> {
  return (await getSystemSettings(db)).defaultTimeZone;
}
