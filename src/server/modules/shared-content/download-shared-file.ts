import { and, countDistinct, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../../core/errors.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { auditLog } from '../../db/schema/system.ts';
import { fileVisibleSql } from '../../access/policy.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { sendOpenedFile, sendStoredFile } from '../../storage/stored-files.ts';
import { openedFile } from '../../sealed/open-sealed.ts';
import { sealedFileType } from '../../../core/seal/armor.ts';
import { loadNotificationSettings, loadSettingsData } from '../../notices/notification-settings.ts';
import { notify } from '../../notices/notify.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';

const MEDIA_WORDS: Record<string, string> = { photo: 'a photo', video: 'a video', audio: 'a recording' };

/**
 * What was downloaded, in words for the notices (never shown for an invisible file), and where the
 * owner finds it: their Documents or Memories list, searched for its title.
 */
async function describe(ctx: Ctx, fileId: string): Promise<{ what: string; ownerLink: string }> {
  const search = (list: string, title: string) => `/estate-owner/${list}?q=${encodeURIComponent(title)}`;
  const [doc] = await ctx.db.select({ title: documents.title }).from(documents).where(eq(documents.fileId, fileId)).limit(1);
  if (doc) return { what: `the document “${doc.title}”`, ownerLink: search('documents', doc.title) };
  const [memory] = await ctx.db
    .select({ title: memories.title, kind: memoryMedia.kind })
    .from(memoryMedia)
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .where(or(eq(memoryMedia.fileId, fileId), eq(memoryMedia.thumbnailFileId, fileId)))
    .limit(1);
  if (memory) return { what: `${MEDIA_WORDS[memory.kind] ?? 'a file'} from the memory “${memory.title}”`, ownerLink: search('memories', memory.title) };
  return { what: 'a shared file', ownerLink: '/estate-owner/dashboard' };
}

/**
 * The audit action of every shared file that leaves the route below, inline or as an attachment
 * (`details.inline` tells a view from a download).
 */
const DOWNLOADED = 'shared_file.downloaded';

/**
 * After a beneficiary downloads a shared file, how long further downloads of that file by them are
 * audited but told to nobody: the owner's "beneficiary activity" notification and the viewer's own
 * download notice come at most once per file per beneficiary in any such window. Views (inline:
 * thumbnails, photos, players, the PDF preview) are audited and never told (ADR 0078).
 */
export const SHARED_FILE_NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Namespace (first key of the two-key advisory lock), so it never meets other advisory locks. */
const LOCK_SHARED_FILE = 0x48_4c_46_31; // "HLF1"

/**
 * Writes this download's `shared_file.downloaded` audit entry and, when it is the first download by
 * this viewer of this file in the notice window (no earlier download entry of theirs for it within
 * SHARED_FILE_NOTICE_WINDOW_MS), its notices (tellAboutDownload). Decided in one transaction under an
 * advisory lock on viewer and file: a parallel request for the same file waits, then sees this entry,
 * so of two requests at once exactly one is first; the notices commit with the entry (ADR 0077).
 */
async function auditAndTellDownload(ctx: Ctx, file: typeof files.$inferSelect, estate: { id: string; ownerId: string; status: string } | null): Promise<void> {
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SHARED_FILE}::int4, hashtext(${`${ctx.actor.userId}:${file.id}`}))`);
    const since = new Date(ctx.clock.now().getTime() - SHARED_FILE_NOTICE_WINDOW_MS);
    const [earlier] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, ctx.actor.userId),
          gt(auditLog.at, since),
          eq(auditLog.action, DOWNLOADED),
          eq(auditLog.targetType, 'file'),
          eq(auditLog.targetId, file.id),
          sql`coalesce((${auditLog.details} ->> 'inline')::boolean, false) = false`,
        ),
      )
      .limit(1);
    await auditFileOut(tx, file, estate?.id ?? null, false);
    if (!earlier) await tellAboutDownload(tx, file.id, estate && estate.status !== 'active' ? estate.ownerId : null);
  });
}

const auditFileOut = (ctx: Ctx, file: typeof files.$inferSelect, estateId: string | null, inline: boolean) =>
  audit(ctx, { action: DOWNLOADED, estateId, targetType: 'file', targetId: file.id, details: { size: file.size, mimeType: file.mimeType, inline } });

/**
 * GET /api/v1/shared/files/:id — streams a file the access policy lets the viewer see (the file of
 * a visible document, or of a visible memory's media), decrypted, as an attachment (or inline for
 * PDF and images when asked). Anything else is 404. Every file that leaves this route, inline or
 * attachment alike, is audit-logged as `shared_file.downloaded`, one entry per request. Only a
 * download (an attachment) is told: the first by this viewer of this file in the notice window
 * (SHARED_FILE_NOTICE_WINDOW_MS) notifies the owner when their "beneficiary activity" setting is on
 * and their estate is not active (after activation nobody is told per file: the audit log, the
 * administrator's Beneficiary Access report and the bulk-download alert remain), and tells the
 * viewer when their own "download notifications" toggle is on. Views are audited only (ADR 0078).
 */
export async function downloadSharedFile(ctx: Ctx, fileId: string, reply: FastifyReply, inline: boolean): Promise<FastifyReply> {
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.status, 'committed'), fileVisibleSql(ctx.db, ctx.actor.userId, fileId)))
    .limit(1);
  if (!file) throw notFound('That file');
  // A sealed document opens only once the trustees' kits opened its seal (ADR 0099).
  const sealed = await openedFile(ctx, file.id);
  if (sealed?.state === 'waiting') {
    throw new AppError(ERROR_CODES.sealed, 409, `This is sealed. It opens when ${sealed.threshold} of the ${sealed.shareCount} trustees have given their Emergency Kits.`);
  }

  const [estate] = file.estateId
    ? await ctx.db.select({ id: estates.id, ownerId: estates.ownerId, status: estates.status }).from(estates).where(eq(estates.id, file.estateId))
    : [];
  if (inline) await auditFileOut(ctx, file, estate?.id ?? null, true);
  else await auditAndTellDownload(ctx, file, estate ?? null);
  if (estate) await watchForBulkDownloads(ctx, estate.id);
  // served under the name and type the owner's browser gave it ("Will.pdf.age" → Will.pdf, a PDF)
  if (sealed) return sendOpenedFile(reply, sealed.bytes, sealedFileType(file.originalName) ?? 'application/octet-stream', file.originalName.replace(/\.age$/i, ''), { inline });
  return sendStoredFile(ctx, file, reply, { inline });
}

/**
 * After activation, a beneficiary fetching more than this many different shared files of one estate within an
 * hour raises a security alert for its administrators (once per beneficiary, estate and hour).
 * Generous, because each memory card's thumbnail comes through this route too.
 */
export const BULK_DOWNLOAD_ALERT = { files: 200, windowMs: 60 * 60 * 1000 } as const;

async function watchForBulkDownloads(ctx: Ctx, estateId: string): Promise<void> {
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  if (estate?.status !== 'active') return;
  const now = ctx.clock.now();
  // Distinct files: a video being sought arrives as many range requests, each audited, for one file.
  const [recent] = await ctx.db
    .select({ n: countDistinct(auditLog.targetId) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, ctx.actor.userId),
        eq(auditLog.estateId, estateId),
        eq(auditLog.action, DOWNLOADED),
        gt(auditLog.at, new Date(now.getTime() - BULK_DOWNLOAD_ALERT.windowMs)),
      ),
    );
  if ((recent?.n ?? 0) <= BULK_DOWNLOAD_ALERT.files) return;
  await raiseAlert(ctx, {
    estateId,
    type: 'security',
    priority: 'high',
    message: `${ctx.actor.name} downloaded more than ${BULK_DOWNLOAD_ALERT.files} shared files within an hour after activation.`,
    dedupeKey: `bulk-downloads:${ctx.actor.userId}:${estateId}:${Math.floor(now.getTime() / BULK_DOWNLOAD_ALERT.windowMs)}`,
  });
}

/** The owner's "beneficiary activity" notification (null: nobody to tell) and the viewer's own download notice, each by its setting. */
async function tellAboutDownload(ctx: Ctx, fileId: string, ownerId: string | null): Promise<void> {
  const { what, ownerLink } = await describe(ctx, fileId);
  if (ownerId && readUserSettings(await loadSettingsData(ctx.db, ownerId)).beneficiaryActivity) {
    await notify(ctx, {
      userId: ownerId,
      type: 'activity',
      message: `${ctx.actor.name} downloaded ${what}`,
      fromName: ctx.actor.name,
      link: ownerLink,
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
}
