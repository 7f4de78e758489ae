import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TPreviewUrl } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { verificationItems } from '../../db/schema/lifecycle.ts';
import { administers } from '../../access/estate-roles.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { sendStoredFile } from '../../storage/stored-files.ts';

/** How long a preview address works. */
export const PREVIEW_URL_TTL_MS = 5 * 60_000;

/**
 * A short-lived address for one proof document, for the preview frame: the token is the item, the
 * administrator and an expiry, sealed with the master key (unguessable, unforgeable), and the
 * address also needs that administrator's session. It is never a public or guessable path.
 */
export async function previewVerification(ctx: Ctx, id: string): Promise<TPreviewUrl> {
  const [row] = await ctx.db
    .select({ item: verificationItems, file: files })
    .from(verificationItems)
    .innerJoin(files, eq(files.id, verificationItems.fileId))
    .where(eq(verificationItems.id, id));
  if (!row || !(await administers(ctx.db, ctx.actor.userId, row.item.estateId))) throw notFound('That verification item');
  const expiresAt = new Date(ctx.clock.now().getTime() + PREVIEW_URL_TTL_MS);
  const token = Buffer.from(ctx.secrets.encrypt(JSON.stringify({ i: id, u: ctx.actor.userId, e: expiresAt.getTime() })), 'base64').toString('base64url');
  return { url: `/api/v1/verification-files/${token}`, expiresAt: expiresAt.toISOString(), mimeType: row.file.mimeType, fileName: row.file.originalName };
}

/** Serves the proof behind a preview token to the administrator it was made for, until it expires. */
export async function sendVerificationFile(ctx: Ctx, token: string, reply: FastifyReply): Promise<FastifyReply> {
  let claim: { i?: unknown; u?: unknown; e?: unknown };
  try {
    claim = JSON.parse(ctx.secrets.decrypt(Buffer.from(token, 'base64url').toString('base64'))) as typeof claim;
  } catch {
    throw notFound('That document');
  }
  if (claim.u !== ctx.actor.userId || typeof claim.i !== 'string' || typeof claim.e !== 'number' || claim.e < ctx.clock.now().getTime()) {
    throw notFound('That document (the preview link expired; open it again)');
  }
  const [row] = await ctx.db
    .select({ item: verificationItems, file: files })
    .from(verificationItems)
    .innerJoin(files, eq(files.id, verificationItems.fileId))
    .where(eq(verificationItems.id, claim.i));
  if (!row || row.file.status !== 'committed' || !(await administers(ctx.db, ctx.actor.userId, row.item.estateId))) throw notFound('That document');
  await audit(ctx, { action: 'verification.document_viewed', estateId: row.item.estateId, targetType: 'verification_item', targetId: row.item.id });
  return sendStoredFile(ctx, row.file, reply, { inline: true });
}
