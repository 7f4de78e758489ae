import { eq } from 'drizzle-orm';
import { DEFAULT_RELEASE_RULES, type ReleaseRules } from '../../core/safeguards.schemas.ts';
import type { Db } from '../db/client.ts';
import { releaseRules } from '../db/schema/safeguards.ts';

/** The owner's veto window and trustee quorum for an estate (the defaults until they choose). */
export async function releaseRulesOf(db: Db, estateId: string): Promise<ReleaseRules> {
  const [row] = await db.select().from(releaseRules).where(eq(releaseRules.estateId, estateId));
  if (!row) return { ...DEFAULT_RELEASE_RULES };
  return { vetoDays: row.vetoDays, quorumRequired: row.quorumRequired, trusteeResponseHours: row.trusteeResponseHours };
}
