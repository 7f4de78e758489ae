import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_LEGACY_EXPORT_STATUSES, type TLegacyExport, type TStartLegacyExportRequest } from '../../../core/legacy-export.schemas.ts';
import type { Ctx } from '../../context.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { expireLinks, isUniqueViolation } from '../../links/emailed-links.ts';
import { confirmIdentity } from '../../identity/confirm-identity.ts';
import { BUILD_LEGACY_EXPORT_JOB } from './build-legacy-export.ts';
import { discardArchive } from './discard-archive.ts';
import { toLegacyExport } from './legacy-export-view.ts';

const alreadyRunning = () =>
  conflict('An export of your legacy is already being prepared. Wait for it to finish (we will email you), then start another if you need one.');

/**
 * Ask for an archive of everything: checks the password first when secrets are to be included
 * (a wrong one starts nothing), refuses while another export is queued or running (409, enforced
 * by a unique index so two requests at once cannot both start), retires an earlier archive that
 * was never downloaded, and queues the build job.
 */
export async function startLegacyExport(ctx: Ctx, input: TStartLegacyExportRequest): Promise<TLegacyExport> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const includeSecrets = input.includeSecrets === true;
  const [active] = await ctx.db
    .select({ id: legacyExports.id })
    .from(legacyExports)
    .where(and(eq(legacyExports.userId, ctx.actor.userId), inArray(legacyExports.status, [...ACTIVE_LEGACY_EXPORT_STATUSES])));
  if (active) throw alreadyRunning();
  // Secrets go into a file that leaves the platform: the password, and the code with two-factor on,
  // every time (the shared "Confirm it's you", its strongest form; wrong answers count to the lock-out).
  if (includeSecrets) {
    await confirmIdentity(ctx, { ...(input.password ? { password: input.password } : {}), ...(input.code ? { code: input.code } : {}) }, 'all');
  }

  const now = ctx.clock.now();
  let row;
  try {
    [row] = await ctx.db
      .insert(legacyExports)
      .values({ estateId, userId: ctx.actor.userId, includeSecrets, status: 'queued', createdAt: now, updatedAt: now })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRunning();
    throw error;
  }
  const started = row!;

  // Only the newest archive is kept: an earlier one still waiting for its download goes now.
  const earlier = await ctx.db
    .update(legacyExports)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(legacyExports.userId, ctx.actor.userId), eq(legacyExports.status, 'ready')))
    .returning();
  await expireLinks(ctx, { userId: ctx.actor.userId }, 'legacy-export');
  for (const old of earlier) await discardArchive(ctx, old);

  try {
    await ctx.jobs.enqueue(BUILD_LEGACY_EXPORT_JOB, { exportId: started.id });
  } catch (error) {
    await ctx.db.update(legacyExports).set({ status: 'failed', updatedAt: now }).where(eq(legacyExports.id, started.id));
    throw error;
  }
  await audit(ctx, { action: 'legacy_export.requested', targetType: 'legacy_export', targetId: started.id, details: { includeSecrets } });
  return toLegacyExport(started);
}
