import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { administratorsOf } from '../../access/estate-roles.ts';
import { executorsOf } from '../../access/executors.ts';

/** Who is reminded, and where the reminder links to: the estate page of their area. */
export interface SettlementWorker {
  userId: string;
  link: string;
}

/**
 * Everyone who works an active estate's settlement, as settlementAccessOf counts them (access/
 * executors.ts): its estate administrators, its named executor and deputy while they can still act,
 * and — only when neither can — its digital-legacy beneficiaries (who then work it themselves).
 * Each once, an administrator with the administrator's estate page, anyone else with the beneficiary's.
 */
export async function settlementWorkersOf(db: Db, estateId: string): Promise<SettlementWorker[]> {
  const [administrators, named] = await Promise.all([administratorsOf(db, estateId), executorsOf(db, estateId)]);
  const executors = [named.executor, named.deputy].flatMap((p) => (p ? [p.userId] : []));
  const followers = executors.length
    ? []
    : (
        await db
          .select({ userId: beneficiaries.userId })
          .from(beneficiaries)
          .where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.accessDigitalLegacy, true), isNotNull(beneficiaries.userId)))
      ).flatMap((r) => (r.userId ? [r.userId] : []));
  const admins = new Set(administrators);
  return [...new Set([...administrators, ...executors, ...followers])].map((userId) => ({
    userId,
    link: admins.has(userId) ? `/estate-administrator/estates/${estateId}` : `/beneficiary/estate/${estateId}`,
  }));
}
