import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { reportSafeguards } from '../../src/server/db/schema/report-safeguards.ts';

/**
 * For tests of what comes after a report (verification, activation, incapacity mode): the owner's
 * veto window of the estate's reports has already run out. The window itself is tested in
 * src/server/modules/release-safeguards/.
 */
export async function endVetoWindow(db: Db, estateId: string, now: Date): Promise<void> {
  await db.update(reportSafeguards).set({ windowEndsAt: now }).where(eq(reportSafeguards.estateId, estateId));
}
