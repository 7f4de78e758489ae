import { and, desc, eq } from 'drizzle-orm';
import { isoDayOf } from '../../core/settlement/rules.ts';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';
import { estateReports } from '../db/schema/lifecycle.ts';
import { estateSettlements } from '../db/schema/settlement.ts';

/**
 * The date of death the estate's records give, the surest first: the one the executor set for the
 * deadlines (checked against the certificate), else the verified death report's, else the estate's
 * recorded date, else its activation day (null: none of these yet).
 */
export async function recordedDateOfDeath(db: Db, estateId: string): Promise<string | null> {
  const [[settlement], [report], [estate]] = await Promise.all([
    db.select({ dateOfDeath: estateSettlements.dateOfDeath }).from(estateSettlements).where(eq(estateSettlements.estateId, estateId)),
    db
      .select({ eventDate: estateReports.eventDate })
      .from(estateReports)
      .where(and(eq(estateReports.estateId, estateId), eq(estateReports.event, 'death'), eq(estateReports.status, 'verified')))
      .orderBy(desc(estateReports.resolvedAt), desc(estateReports.createdAt))
      .limit(1),
    db.select({ dateOfDeath: estates.dateOfDeath, activatedAt: estates.activatedAt }).from(estates).where(eq(estates.id, estateId)),
  ]);
  return settlement?.dateOfDeath ?? report?.eventDate ?? estate?.dateOfDeath ?? (estate?.activatedAt ? isoDayOf(estate.activatedAt) : null);
}
