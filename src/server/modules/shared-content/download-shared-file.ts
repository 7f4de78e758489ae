import { and, eq, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { fileVisibleSql } from '../../access/policy.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { sendStoredFile } from '../../storage/stored-files.ts';
import { loadNotificationSettings, loadSettingsData } from '../notifications/notification-settings.ts';
import { notify } from '../notifications/notify.ts';

/** What the file belongs to, in words for the owner's notification (never shown for an invisible file). */
async function describe(ctx: Ctx, fileId: string): Promise<string> {
  const [doc] = await ctx.db.select({ title: documents.title }).from(documents).where(eq(documents.fileId, fileId)).limit(1);
  if (doc) return `the document “${doc.title}”`;
  const [memory] = await ctx.db
    .select({ title: memories.title })
    .from(memoryMedia)
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .where(or(eq(memoryMedia.fileId, fileId), eq(memoryMedia.thumbnailFileId, fileId)))
    .limit(1);
  return memory ? `a file of the memory “${memory.title}”` : 'a shared file';
}

/**
 * GET /api/v1/shared/files/:id — streams a file the access policy lets the viewer see (the file of
 * a visible document, or of a visible memory's media), decrypted, as an attachment (or inline for
 * PDF and images when asked). Anything else is 404. Every file that leaves this route, inline or
 * attachment alike, is audit-logged as `shared_file.downloaded`, notifies the owner when their
 * "beneficiary activity" setting is on, and tells the viewer when their own "download
 * notifications" toggle is on: `inline` only changes the Content-Disposition header.
 */
export async function downloadSharedFile(ctx: Ctx, fileId: string, reply: FastifyReply, inline: boolean): Promise<FastifyReply> {
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.status, 'committed'), fileVisibleSql(ctx.db, ctx.actor.userId, fileId)))
    .limit(1);
  if (!file) throw notFound('That file');

  const [estate] = file.estateId
    ? await ctx.db.select({ id: estates.id, ownerId: estates.ownerId }).from(estates).where(eq(estates.id, file.estateId))
    : [];
  await audit(ctx, {
    action: 'shared_file.downloaded',
    estateId: estate?.id ?? null,
    targetType: 'file',
    targetId: file.id,
    details: { size: file.size, mimeType: file.mimeType },
  });
  const what = await describe(ctx, file.id);
  if (estate && readUserSettings(await loadSettingsData(ctx.db, estate.ownerId)).beneficiaryActivity) {
    await notify(ctx, {
      userId: estate.ownerId,
      type: 'document',
      message: `${ctx.actor.name} downloaded ${what}`,
      fromName: ctx.actor.name,
      link: '/estate-owner/documents',
    });
  }
  if ((await loadNotificationSettings(ctx.db, ctx.actor.userId)).downloads) {
    await notify(ctx, {
      userId: ctx.actor.userId,
      type: 'security',
      message: `Your account downloaded ${what}. If this wasn't you, change your password.`,
      link: '/beneficiary/settings',
    });
  }
  return sendStoredFile(ctx, file, reply, { inline });
}
