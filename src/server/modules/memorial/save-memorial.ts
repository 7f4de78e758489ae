import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { randomToken } from '../../lib/tokens.ts';
import type { TMemorial, TMemorialDraft, TPublishMemorial } from '../../../core/memorial.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memorials } from '../../db/schema/settlement.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { memorialView } from './get-memorial.ts';
import { assertMemorialAccess, type MemorialMode } from './memorial-access.ts';
import { mayChoosePhoto, memorialRow } from './memorial-rows.ts';

/** The refusal of a photo outside the rule (memorial-rows.ts, ADR 0107), in the words of who asked. */
async function photoRefused(ctx: Ctx, estateId: string, mode: MemorialMode) {
  if (mode === 'owner') return badRequest('Choose one of the photos in the list.', { photoMediaId: 'Choose one of your memories’ photos' });
  const owner = await ownerNameOf(ctx, estateId);
  const text = `The memorial can show only the photo ${owner} chose for it: you may remove that photo, not choose another.`;
  return badRequest(text, { photoMediaId: text });
}

/**
 * PUT …/memorial: the words, wishes, donation link and photo — the owner's draft, or the executor's
 * review. The owner's photo is also kept as their choice, the only one the memorial may show.
 */
export async function saveMemorial(ctx: Ctx, estateId: string, draft: TMemorialDraft): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'edit');
  if (draft.photoMediaId && !(await mayChoosePhoto(ctx.db, estateId, mode, await memorialRow(ctx.db, estateId), draft.photoMediaId))) {
    throw await photoRefused(ctx, estateId, mode);
  }
  const now = ctx.clock.now();
  const fields = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));
  const owners = mode === 'owner' && draft.photoMediaId !== undefined ? { ownerPhotoMediaId: draft.photoMediaId } : {};
  await ctx.db
    .insert(memorials)
    .values({ estateId, ...fields, ...owners, updatedBy: ctx.actor.userId, updatedAt: now })
    .onConflictDoUpdate({ target: memorials.estateId, set: { ...fields, ...owners, updatedBy: ctx.actor.userId, updatedAt: now } });
  await audit(ctx, { action: 'memorial.saved', estateId, targetType: 'estate', targetId: estateId, details: { fields: Object.keys(fields) } });
  return memorialView(ctx, estateId, mode);
}

/**
 * POST …/memorial/publish: published to `audience` (or its audience changed). The unlisted link is
 * made the first time and kept (in the statement, so a new link made meanwhile is never undone), so
 * links already shared keep working until someone makes a new one. Needs some words first.
 */
export async function publishMemorial(ctx: Ctx, estateId: string, input: TPublishMemorial): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'publish');
  const row = await memorialRow(ctx.db, estateId);
  if (!row?.body.trim()) throw conflict('Write a few words for the memorial before publishing it.');
  const now = ctx.clock.now();
  const republished = row.status === 'published' ? {} : { publishedAt: now, publishedBy: ctx.actor.userId };
  await ctx.db
    .update(memorials)
    .set({ status: 'published', audience: input.audience, linkToken: sql`coalesce(${memorials.linkToken}, ${randomToken()})`, ...republished, updatedBy: ctx.actor.userId, updatedAt: now })
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

/**
 * POST …/memorial/new-link: the memorial moves to a new unlisted link and the old one leads nowhere
 * from this moment (a link that reached someone it should not have). Published or not; 409 before
 * it has ever had a link.
 */
export async function renewMemorialLink(ctx: Ctx, estateId: string): Promise<TMemorial> {
  const mode = await assertMemorialAccess(ctx, estateId, 'publish');
  const changed = await ctx.db
    .update(memorials)
    .set({ linkToken: randomToken(), updatedBy: ctx.actor.userId, updatedAt: ctx.clock.now() })
    .where(and(eq(memorials.estateId, estateId), isNotNull(memorials.linkToken)))
    .returning({ estateId: memorials.estateId });
  if (!changed.length) throw conflict('The memorial has no link yet: it gets one when it is first published.');
  await audit(ctx, { action: 'memorial.link_renewed', estateId, targetType: 'estate', targetId: estateId });
  return memorialView(ctx, estateId, mode);
}
