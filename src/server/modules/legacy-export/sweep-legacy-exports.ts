import { and, eq, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { LEGACY_EXPORT_STALE_MS } from './build-legacy-export.ts';
import { discardArchive } from './discard-archive.ts';

/** A queued export no job picked up within this time is given up (the owner can start again). */
export const LEGACY_EXPORT_QUEUE_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * The sweep (every few minutes, by ctx.clock): ready archives past their link's expiry are
 * deleted; an export whose job died (stale heartbeat) or never started is marked failed so the
 * owner can start again; an archive left behind by a crash after download is deleted. Every step
 * is a guarded UPDATE, so two instances sweeping at once do each thing once.
 */
export async function sweepLegacyExports(deps: Pick<Deps, 'db' | 'files' | 'clock'>): Promise<{ expired: number; failed: number; removed: number }> {
  const now = deps.clock.now();
  const expired = await deps.db
    .update(legacyExports)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(legacyExports.status, 'ready'), lte(legacyExports.expiresAt, now)))
    .returning();
  const failed = await deps.db
    .update(legacyExports)
    .set({ status: 'failed', updatedAt: now })
    .where(
      or(
        and(eq(legacyExports.status, 'running'), lt(legacyExports.heartbeatAt, new Date(now.getTime() - LEGACY_EXPORT_STALE_MS))),
        and(eq(legacyExports.status, 'queued'), lt(legacyExports.createdAt, new Date(now.getTime() - LEGACY_EXPORT_QUEUE_TIMEOUT_MS))),
      ),
    )
    .returning();
  const leftovers = await deps.db
    .select()
    .from(legacyExports)
    .where(and(inArray(legacyExports.status, ['downloaded', 'expired', 'failed']), isNotNull(legacyExports.fileId)))
    .limit(500);
  for (const row of leftovers) await discardArchive(deps, row);
  return { expired: expired.length, failed: failed.length, removed: leftovers.length };
}
