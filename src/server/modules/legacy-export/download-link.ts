import { and, eq, gt } from 'drizzle-orm';
import { LEGACY_EXPORT_PAGE_PATH, legacyExportDownloadPath, type TLegacyExportLink } from '../../../core/legacy-export.schemas.ts';
import type { BaseCtx, Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { linkUrl } from '../../links/emailed-links.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { legacyArchiveReadyMail } from '../../mail/templates/legacy-archive-ready.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/** A new download token; only its sha256 is stored. */
export function issueDownloadToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: sha256(token) };
}

/** Used, superseded, expired or deleted: a clear 410 that says what to do. */
export const linkGone = () =>
  new AppError('GONE', 410, 'This download link was already used or has expired, and the archive was deleted. Start a new export on Settings.');

/** The page the emailed link opens: the token is in the fragment, so it never reaches a server log. */
export const downloadPageUrl = (publicUrl: string, token: string) => linkUrl(publicUrl, LEGACY_EXPORT_PAGE_PATH, token);

export async function sendArchiveReadyMail(
  tx: Pick<BaseCtx, 'config'> & { db: Db; mailer: Mailer },
  owner: { name: string; email: string },
  token: string,
  expiresAt: Date,
): Promise<void> {
  const { systemName } = await getSystemSettings(tx.db);
  const link = downloadPageUrl(tx.config.publicUrl, token);
  await tx.mailer.send({ to: owner.email, ...legacyArchiveReadyMail({ systemName, name: owner.name, link, expiresAt }) }, { db: tx.db });
}

/**
 * "Download" on Settings: a fresh single-use link for the owner's ready archive. It replaces the
 * emailed one (only the newest link works). Another user's export, or one not ready, is 404/410.
 */
export async function issueDownloadLink(ctx: Ctx, exportId: string): Promise<TLegacyExportLink> {
  const now = ctx.clock.now();
  const { token, tokenHash } = issueDownloadToken();
  const [row] = await ctx.db
    .update(legacyExports)
    .set({ tokenHash, updatedAt: now })
    .where(and(eq(legacyExports.id, exportId), eq(legacyExports.userId, ctx.actor.userId), eq(legacyExports.status, 'ready'), gt(legacyExports.expiresAt, now)))
    .returning();
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: legacyExports.id })
      .from(legacyExports)
      .where(and(eq(legacyExports.id, exportId), eq(legacyExports.userId, ctx.actor.userId)));
    throw exists ? linkGone() : notFound('That export');
  }
  await audit(ctx, { action: 'legacy_export.link_issued', targetType: 'legacy_export', targetId: row.id });
  return { url: legacyExportDownloadPath(token), expiresAt: row.expiresAt!.toISOString() };
}
