import { and, asc, eq } from 'drizzle-orm';
import { ZSnapshotManifest, type TSnapshotSummary } from '../../../core/audit-integrity.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { estateSnapshots } from '../../db/schema/snapshots.ts';
import { RELEASED_STATUS } from '../../access/policy.ts';
import { notFound } from '../../lib/app-error.ts';

/**
 * The caller's own activation manifest of an estate (ADR 0045): only through a beneficiary row linked
 * to them, so another estate's — or anyone else's — is "not found", as is one before activation or
 * after a mistaken activation was reversed (ADR 0075: the frozen manifest stays, unseen).
 */
export async function findOwnSnapshot(ctx: Ctx, estateId: string) {
  const [row] = await ctx.db
    .select({ manifest: estateSnapshots.manifest, sha256: estateSnapshots.sha256, itemCount: estateSnapshots.itemCount, createdAt: estateSnapshots.createdAt })
    .from(estateSnapshots)
    .innerJoin(beneficiaries, eq(beneficiaries.id, estateSnapshots.beneficiaryId))
    .innerJoin(estates, and(eq(estates.id, estateSnapshots.estateId), eq(estates.status, RELEASED_STATUS)))
    .where(and(eq(estateSnapshots.estateId, estateId), eq(beneficiaries.estateId, estateId), eq(beneficiaries.userId, ctx.actor.userId)))
    .orderBy(asc(beneficiaries.id))
    .limit(1);
  if (!row) throw notFound('An activation snapshot for that estate');
  return row;
}

export async function getActivationSnapshot(ctx: Ctx, estateId: string): Promise<TSnapshotSummary> {
  const row = await findOwnSnapshot(ctx, estateId);
  return {
    estateId,
    frozenAt: row.createdAt.toISOString(),
    itemCount: row.itemCount,
    sha256: row.sha256,
    manifest: ZSnapshotManifest.parse(JSON.parse(row.manifest)),
  };
}
