import { and, eq } from 'drizzle-orm';
import { randomToken } from '../../lib/tokens.ts';
import type { TMemorial, TMemorialDraft, TPublishMemorial } from '../../../core/memorial.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memorials } from '../../db/schema/settlement.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { memorialView } from './get-memorial.ts';
import { assertMemorialAccess } from './memorial-access.ts';
import { estatePhoto, memorialRow } from './memorial-rows.ts';

/** PUT …/memorial: the words, wishes, donation link and photo — the owner's draft, or the executor's review. */
export async function saveMemorial(ctx: Ctx, estateId: string, draft: TMemorialDraft): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'edit');
  if (draft.photoMediaId && !(await estatePhoto(ctx.db, estateId, draft.photoMediaId))) {
    throw badRequest('Choose one of the photos in the list.', { photoMediaId: 'Choose one of your memories’ photos' });
  }
  const now = ctx.clock.now();
  const fields = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));
  await ctx.db
    .insert(memorials)
    .values({ estateId, ...fields, updatedBy: ctx.actor.userId, updatedAt: now })
    .onConflictDoUpdate({ target: memorials.estateId, set: { ...fields, updatedBy: ctx.actor.userId, updatedAt: now } });
  await audit(ctx, { action: 'memorial.saved', estateId, targetType: 'estate', targetId: estateId, details: { fields: Object.keys(fields) } });
  return memorialView(ctx, estateId, mode);
}

/**
 * POST …/memorial/publish: published to `audience` (or its audience changed). The unlisted link is
 * made the first time and kept, so links already shared keep working. Needs some words first.
 */
export async function publishMemorial(ctx: Ctx, estateId: string, input: TPublishMemorial): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'publish');
  const row = await memorialRow(ctx.db, estateId);
  if (!row?.body.trim()) throw conflict('Write a few words for the memorial before publishing it.');
  const now = ctx.clock.now();
  const republished = row.status === 'published' ? {} : { publishedAt: now, publishedBy: ctx.actor.userId };
  await ctx.db
    .update(memorials)
    .set({ status: 'published', audience: input.audience, linkToken: row.linkToken ?? randomToken(), ...republished, updatedBy: ctx.actor.userId, updatedAt: now })
    .where(eq(memorials.estateId, estateId));
  await audit(ctx, { action: 'memorial.published', estateId, targetType: 'estate', targetId: estateId, details: { audience: input.audience } });
  return memorialView(ctx, estateId, mode);
}

/** POST …/memorial/unpublish: nobody sees it any more (409 when it is not published). */
export async function unpublishMemorial(ctx: Ctx, estateId: string): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'publish');
  const now = ctx.clock.now();
  const changed = await ctx.db
    .update(memorials)
    .set({ status: 'draft', updatedBy: ctx.actor.userId, updatedAt: now })
    .where(and(eq(memorials.estateId, estateId), eq(memorials.status, 'published')))
    .returning({ status: memorials.status });
  if (!changed.length) throw conflict('The memorial is not published.');
  await audit(ctx, { action: 'memorial.unpublished', estateId, targetType: 'estate', targetId: estateId });
  return memorialView(ctx, estateId, mode);
}
