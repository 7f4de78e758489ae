import { and, count, eq } from 'drizzle-orm';
import { memorialPath, type TMemorial } from '../../../core/memorial.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memorialMessages } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { assertMemorialAccess, type MemorialMode } from './memorial-access.ts';
import { memorialRow, photoChoicesFor, shownPhoto } from './memorial-rows.ts';

/** A photo is named by its memory (The garden), else by its own title (often the file's name). */
const photoTitle = (p: { title: string; memoryTitle: string }) => p.memoryTitle || p.title;

/** The memorial as its managers see it (an empty draft before anything was written). */
export async function memorialView(ctx: Ctx, estateId: string, mode: MemorialMode): Promise<TMemorial> {
  const row = await memorialRow(ctx.db, estateId);
  if (mode === 'read' && row?.status !== 'published') throw notFound('That memorial');
  const [ownerName, choices, photo, [pending], [publisher]] = await Promise.all([
    ownerNameOf(ctx, estateId),
    photoChoicesFor(ctx.db, estateId, mode, row),
    shownPhoto(ctx.db, row),
    ctx.db.select({ n: count() }).from(memorialMessages).where(and(eq(memorialMessages.estateId, estateId), eq(memorialMessages.status, 'pending'))),
    row?.publishedBy ? ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.publishedBy)) : [],
  ]);
  return {
    estateId,
    ownerName,
    body: row?.body ?? '',
    wishes: row?.wishes ?? null,
    donationUrl: row?.donationUrl ?? null,
    photo: photo ? { mediaId: photo.mediaId, title: photoTitle(photo), url: `/api/v1/estates/${estateId}/memorial/photo` } : null,
    photoChoices: choices.map((c) => ({ mediaId: c.mediaId, title: photoTitle(c) || 'Untitled photo' })),
    status: row?.status === 'published' ? 'published' : 'draft',
    audience: (row?.audience as TMemorial['audience']) ?? null,
    path: row?.linkToken ? memorialPath(row.linkToken) : null,
    published: row?.status === 'published' && row.publishedAt ? { byName: publisher?.name ?? 'A former member', at: row.publishedAt.toISOString() } : null,
    pending: mode === 'read' ? 0 : (pending?.n ?? 0),
    mode,
  };
}

/** GET …/memorial. */
export async function getMemorial(ctx: Ctx, estateId: string): Promise<TMemorial> {
  return memorialView(ctx, estateId, await assertMemorialAccess(ctx, estateId));
}

/** GET …/memorial/photo: the chosen photo, for those who see the memorial's management view. */
export async function memorialPhotoFile(ctx: Ctx, estateId: string) {
  await assertMemorialAccess(ctx, estateId, 'edit');
  const photo = await shownPhoto(ctx.db, await memorialRow(ctx.db, estateId));
  if (!photo) throw notFound('That photo');
  return photo.file;
}
