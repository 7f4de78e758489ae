import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TLegacyExportLinkStatus } from '../../../core/legacy-export.schemas.ts';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { AppError } from '../../lib/app-error.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { audit } from '../../lib/audit.ts';
import { sha256 } from '../../lib/tokens.ts';
import { contentDisposition, openStoredFile } from '../../storage/stored-files.ts';
import { discardArchive } from './discard-archive.ts';
import { linkGone } from './download-link.ts';
import type { LegacyExportRow } from './legacy-export-view.ts';

const invalidLink = () =>
  new AppError(ERROR_CODES.notFound, 404, 'This download link is not valid: a newer link replaced it, or it is not for your account. Start a new export on Settings if you need one.');

/** The signed-in user's export this token belongs to (any state), or 404: another user's token is unknown. */
async function exportOfToken(ctx: Ctx, token: string): Promise<LegacyExportRow> {
  const [row] = await ctx.db
    .select()
    .from(legacyExports)
    .where(and(eq(legacyExports.tokenHash, sha256(token)), eq(legacyExports.userId, ctx.actor.userId)));
  if (!row) throw invalidLink();
  return row;
}

/** For the download page: is this link still good? (Uses nothing up.) */
export async function checkDownloadLink(ctx: Ctx, token: string): Promise<TLegacyExportLinkStatus> {
  const row = await exportOfToken(ctx, token);
  if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= ctx.clock.now() || !row.fileId) throw linkGone();
  return { size: row.size ?? 0, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), includeSecrets: row.includeSecrets };
}

/**
 * The download: one guarded UPDATE uses the link up (of two requests at once, one wins; the other
 * gets 410), then the archive streams out decrypted and is deleted as soon as the stream closes.
 */
export async function downloadLegacyExport(ctx: Ctx, token: string, reply: FastifyReply): Promise<FastifyReply> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(legacyExports)
    .set({ status: 'downloaded', downloadedAt: now, updatedAt: now })
    .where(
      and(
        eq(legacyExports.tokenHash, sha256(token)),
        eq(legacyExports.userId, ctx.actor.userId),
        eq(legacyExports.status, 'ready'),
        gt(legacyExports.expiresAt, now),
      ),
    )
    .returning();
  if (!row) {
    await exportOfToken(ctx, token); // 404 when the token is not this user's at all
    throw linkGone();
  }
  const [stored] = row.fileId ? await ctx.db.select().from(files).where(eq(files.id, row.fileId)) : [];
  if (!stored) throw linkGone();
  await audit(ctx, { action: 'legacy_export.downloaded', targetType: 'legacy_export', targetId: row.id, details: { size: stored.size } });
  const stream = await openStoredFile(ctx, stored);
  let discarded = false;
  const discard = () => {
    if (discarded) return;
    discarded = true;
    void discardArchive(ctx, row).catch((error: unknown) => reply.log.error({ err: error }, 'could not delete a downloaded legacy archive'));
  };
  stream.once('close', discard);
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition('attachment', stored.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .header('Content-Length', String(stored.size))
    .send(stream);
}
