import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TLegacyExportLinkStatus } from '../../../core/legacy-export.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { audit } from '../../lib/audit.ts';
import { claimLink, linkNotValid, peekLink, type LinkRowOf } from '../../links/emailed-links.ts';
import { contentDisposition, openStoredFile } from '../../storage/stored-files.ts';
import { discardArchive } from './discard-archive.ts';

/** The signed-in owner's live link behind a token; any other (unknown, used, replaced, expired, another account's): the one refusal. */
function ownLink(ctx: Ctx, link: LinkRowOf<'legacy-export'>): LinkRowOf<'legacy-export'> {
  if (link.userId !== ctx.actor.userId) throw linkNotValid('legacy-export');
  return link;
}

/** For the download page: is this link still good? (Uses nothing up.) */
export async function checkDownloadLink(ctx: Ctx, token: string): Promise<TLegacyExportLinkStatus> {
  const link = ownLink(ctx, await peekLink(ctx, token, 'legacy-export'));
  const [row] = await ctx.db.select().from(legacyExports).where(eq(legacyExports.id, link.targetId));
  if (!row || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= ctx.clock.now() || !row.fileId) throw linkNotValid('legacy-export');
  return { size: row.size ?? 0, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), includeSecrets: row.includeSecrets };
}

/**
 * The download: the link is used up and the archive marked downloaded in one transaction (of two
 * requests at once, one wins; the other gets the refusal), then the archive streams out decrypted
 * and is deleted as soon as the stream closes.
 */
export async function downloadLegacyExport(ctx: Ctx, token: string, reply: FastifyReply): Promise<FastifyReply> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (db) => {
    const link = ownLink(ctx, await claimLink({ db, clock: ctx.clock }, token, ['legacy-export']));
    const [ready] = await db
      .update(legacyExports)
      .set({ status: 'downloaded', downloadedAt: now, updatedAt: now })
      .where(and(eq(legacyExports.id, link.targetId), eq(legacyExports.status, 'ready'), gt(legacyExports.expiresAt, now)))
      .returning();
    if (!ready) throw linkNotValid('legacy-export');
    return ready;
  });
  const [stored] = row.fileId ? await ctx.db.select().from(files).where(eq(files.id, row.fileId)) : [];
  if (!stored) throw linkNotValid('legacy-export');
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
