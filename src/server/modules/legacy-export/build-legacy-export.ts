import { and, eq, lt, or, sql } from 'drizzle-orm';
import { LEGACY_EXPORT_LINK_HOURS } from '../../../core/legacy-export.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { issueLink } from '../../links/emailed-links.ts';
import { estates, ownerNameSql } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { discardFiles } from '../../storage/stored-files.ts';
import { collectLegacy } from './collect-legacy.ts';
import { sendArchiveReadyMail } from './download-link.ts';
import { ARCHIVE_FILE_STATUS } from './legacy-export-view.ts';
import { writeArchive } from './write-archive.ts';

export const BUILD_LEGACY_EXPORT_JOB = 'build-legacy-export';
/** A running export whose heartbeat is older than this is taken for dead (its job crashed). */
export const LEGACY_EXPORT_STALE_MS = 10 * 60 * 1000;

/**
 * The build-legacy-export job: claims the export (queued, or running with a dead heartbeat — a
 * retry after a crash), packs the archive into the store while counting progress, then in one
 * transaction marks it ready with a 24-hour single-use link and queues the "ready" email. Any
 * failure marks it failed (the owner can start again) and removes what was written.
 */
export async function buildLegacyExport(ctx: BaseCtx, exportId: string): Promise<{ packed: number } | { skipped: 1 }> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(legacyExports)
    .set({ status: 'running', heartbeatAt: now, packedFiles: 0, updatedAt: now })
    .where(
      and(
        eq(legacyExports.id, exportId),
        or(eq(legacyExports.status, 'queued'), and(eq(legacyExports.status, 'running'), lt(legacyExports.heartbeatAt, new Date(now.getTime() - LEGACY_EXPORT_STALE_MS)))),
      ),
    )
    .returning();
  if (!claimed) return { skipped: 1 };

  let archiveId: string | null = null;
  try {
    const [owner] = await ctx.db
      .select({ id: users.id, name: ownerNameSql(), email: users.email })
      .from(users)
      .innerJoin(estates, eq(estates.id, claimed.estateId))
      .where(eq(users.id, claimed.userId));
    if (!owner) throw new Error('export owner is gone');
    const legacy = await collectLegacy(ctx, claimed.estateId, claimed.userId, claimed.includeSecrets);
    await ctx.db.update(legacyExports).set({ totalFiles: legacy.files.length }).where(eq(legacyExports.id, exportId));

    // Progress writes run one after another (never out of order) while the zip streams.
    let progress = Promise.resolve();
    const onPacked = (packed: number) => {
      progress = progress.then(async () => {
        await ctx.db
          .update(legacyExports)
          .set({ packedFiles: sql`greatest(${legacyExports.packedFiles}, ${packed})`, heartbeatAt: ctx.clock.now() })
          .where(eq(legacyExports.id, exportId));
      });
    };
    const archive = await writeArchive(ctx, { userId: owner.id, estateId: claimed.estateId, name: owner.name }, legacy, onPacked);
    archiveId = archive.id;
    await progress;

    const finished = ctx.clock.now();
    const expiresAt = new Date(finished.getTime() + LEGACY_EXPORT_LINK_HOURS * 60 * 60 * 1000);
    const ready = await inMailTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .update(legacyExports)
        .set({ status: 'ready', fileId: archive.id, size: archive.size, expiresAt, finishedAt: finished, heartbeatAt: finished, updatedAt: finished })
        .where(and(eq(legacyExports.id, exportId), eq(legacyExports.status, 'running')))
        .returning();
      if (!row) return false;
      await tx.db.update(files).set({ status: ARCHIVE_FILE_STATUS }).where(eq(files.id, archive.id));
      const { token } = await issueLink(tx, { purpose: 'legacy-export', userId: owner.id, targetId: exportId, expiresAt });
      await sendArchiveReadyMail(tx, owner, token, expiresAt);
      await audit(tx, { action: 'legacy_export.ready', actorUserId: owner.id, estateId: claimed.estateId, targetType: 'legacy_export', targetId: exportId, details: { files: legacy.files.length, size: archive.size } });
      return true;
    });
    // The sweep gave up on it meanwhile (marked failed): keep nothing.
    if (!ready) await discardFiles(ctx, [archive]);
    return { packed: legacy.files.length };
  } catch (error) {
    await ctx.db
      .update(legacyExports)
      .set({ status: 'failed', updatedAt: ctx.clock.now() })
      .where(and(eq(legacyExports.id, exportId), eq(legacyExports.status, 'running')));
    if (archiveId) {
      const [row] = await ctx.db.select().from(files).where(eq(files.id, archiveId));
      if (row) await discardFiles(ctx, [row]);
    }
    await audit(ctx, { action: 'legacy_export.failed', actorUserId: claimed.userId, estateId: claimed.estateId, targetType: 'legacy_export', targetId: exportId });
    throw error;
  }
}
