import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TPreviewUrl } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { administers } from '../../access/estate-roles.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { sendStoredFile } from '../../storage/stored-files.ts';

/**
 * A proof the administrator may look at: of an estate they administer, and of a report that was
 * not withdrawn (the owner's cancel closes the family's documents to everyone).
 */
async function previewable(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({ item: verificationItems, file: files, reportStatus: estateReports.status })
    .from(verificationItems)
    .innerJoin(files, eq(files.id, verificationItems.fileId))
    .innerJoin(estateReports, eq(estateReports.id, verificationItems.reportId))
    .where(eq(verificationItems.id, id));
  if (!row || row.reportStatus === 'withdrawn' || !(await administers(ctx.db, ctx.actor.userId, row.item.estateId))) return null;
  return row;
}

/** How long a preview address works. */
export const PREVIEW_URL_TTL_MS = 5 * 60_000;

/**
 * A short-lived address for one proof document, for the preview frame: the item, an expiry and a
 * signature over both and the administrator (unforgeable without the master key); the address also
 * needs that administrator's session. It is never a public or guessable path.
 */
export async function previewVerification(ctx: Ctx, id: string): Promise<TPreviewUrl> {
  const row = await previewable(ctx, id);
  if (!row) throw notFound('That verification item');
  const expiresAt = new Date(ctx.clock.now().getTime() + PREVIEW_URL_TTL_MS);
  const exp = String(expiresAt.getTime());
  const sig = ctx.secrets.sign(claimOf(id, ctx.actor.userId, exp));
  return { url: `/api/v1/verification-files/${id}?exp=${exp}&sig=${sig}`, expiresAt: expiresAt.toISOString(), mimeType: row.file.mimeType, fileName: row.file.originalName };
}

/** What a preview signature vouches for: this item, for this administrator, until then. */
const claimOf = (itemId: string, userId: string, exp: string) => `verification-preview|${itemId}|${userId}|${exp}`;

/** Serves the proof behind a preview token to the administrator it was made for, until it expires. */
export async function sendVerificationFile(ctx: Ctx, id: string, link: { exp: string; sig: string }, reply: FastifyReply): Promise<FastifyReply> {
  const expected = ctx.secrets.sign(claimOf(id, ctx.actor.userId, link.exp));
  if (!safeEqual(expected, link.sig) || Number(link.exp) < ctx.clock.now().getTime()) {
    throw notFound('That document (the preview link is not valid or has expired; open it again)');
  }
  const row = await previewable(ctx, id);
  if (!row || row.file.status !== 'committed') throw notFound('That document');
  await audit(ctx, { action: 'verification.document_viewed', estateId: row.item.estateId, targetType: 'verification_item', targetId: row.item.id });
  return sendStoredFile(ctx, row.file, reply, { inline: true });
}
