import { and, desc, eq } from 'drizzle-orm';
import { isoDayOf } from '../../core/settlement/rules.ts';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';
import { estateReports } from '../db/schema/lifecycle.ts';

/** The date of death the estate's records give: its verified death report, else its recorded date, else its activation day. */
export async function recordedDateOfDeath(db: Db, estateId: string): Promise<string | null> {
  const [[report], [estate]] = await Promise.all([
    db
      .select({ eventDate: estateReports.eventDate })
      .from(estateReports)
      .where(and(eq(estateReports.estateId, estateId), eq(estateReports.event, 'death'), eq(estateReports.status, 'verified')))
      .orderBy(desc(estateReports.resolvedAt), desc(estateReports.createdAt))
      .limit(1),
    db.select({ dateOfDeath: estates.dateOfDeath, activatedAt: estates.activatedAt }).from(estates).where(eq(estates.id, estateId)),
  ]);
  return report?.eventDate ?? estate?.dateOfDeath ?? (estate?.activatedAt ? isoDayOf(estate.activatedAt) : null);
}
