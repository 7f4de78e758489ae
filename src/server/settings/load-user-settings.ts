import { eq } from 'drizzle-orm';
import { readUserSettings, type TUserSettings } from '../../core/settings.schemas.ts';
import type { Deps } from '../context.ts';
import { userSettings } from '../db/schema/users.ts';

/** A user's settings with defaults for anything never saved (for services that act on them). */
export async function loadUserSettings(deps: Pick<Deps, 'db'>, userId: string): Promise<TUserSettings> {
  const [row] = await deps.db.select({ data: userSettings.data }).from(userSettings).where(eq(userSettings.userId, userId));
  return readUserSettings(row?.data);
}
