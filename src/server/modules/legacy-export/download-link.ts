import { and, eq } from 'drizzle-orm';
import { LEGACY_EXPORT_PAGE_PATH, legacyExportDownloadPath, type TLegacyExportLink } from '../../../core/legacy-export.schemas.ts';
import type { BaseCtx, Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { issueLink, linkUrl } from '../../links/emailed-links.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { legacyArchiveReadyMail } from '../../mail/templates/legacy-archive-ready.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/** The archive was downloaded, replaced or has expired, and is deleted: a clear 410 that says what to do. */
export const archiveGone = () =>
  new AppError('GONE', 410, 'This archive was already downloaded or has expired, and was deleted. Start a new export on Settings.');

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
 * emailed one (only the newest link works). Another user's export is 404, one not ready 410.
 */
export async function issueDownloadLink(ctx: Ctx, exportId: string): Promise<TLegacyExportLink> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(legacyExports)
    .where(and(eq(legacyExports.id, exportId), eq(legacyExports.userId, ctx.actor.userId)));
  if (!row) throw notFound('That export');
  if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now) throw archiveGone();
  const { token } = await issueLink(ctx, { purpose: 'legacy-export', userId: row.userId, targetId: row.id, expiresAt: row.expiresAt });
  await audit(ctx, { action: 'legacy_export.link_issued', targetType: 'legacy_export', targetId: row.id });
  return { url: legacyExportDownloadPath(token), expiresAt: row.expiresAt.toISOString() };
}
