import { and, eq } from 'drizzle-orm';
import { MEMORIAL_MESSAGES_PAGE_SIZE, type TGuestbookMessage, type TMemorialPage } from '../../../core/memorial.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import type { Actor } from '../../context.ts';
import { isEstateFamily } from '../../access/executors.ts';
import { estates, ownerBornOnSql, ownerNameSql } from '../../db/schema/estates.ts';
import { memorialMessages, memorials } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { messagesPage } from './memorial-messages.ts';
import { shownPhoto } from './memorial-rows.ts';

const NOT_HERE = 'That memorial page (it may have been taken down, or it is for the family only: sign in first)';

/**
 * The published memorial behind an unlisted link, when this visitor may see it: anyone for `link`,
 * a signed-in family member (access/executors.ts) for `family`. Otherwise — unpublished, unknown,
 * not theirs — the same 404, so a link says nothing about what is behind it.
 */
async function visibleMemorial(ctx: BaseCtx, actor: Actor | null, token: string) {
  const [row] = await ctx.db
    .select({ memorial: memorials, ownerName: ownerNameSql(), bornOn: ownerBornOnSql(), diedOn: estates.dateOfDeath })
    .from(memorials)
    .innerJoin(estates, eq(estates.id, memorials.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(memorials.linkToken, token), eq(memorials.status, 'published'), eq(estates.status, 'active')));
  if (!row) throw notFound(NOT_HERE);
  if (row.memorial.audience !== 'link' && !(actor && (await isEstateFamily(ctx.db, actor.userId, row.memorial.estateId)))) throw notFound(NOT_HERE);
  return row;
}

const year = (day: string | null) => (day ? day.slice(0, 4) : null);

/** GET /api/v1/memorials/:token: the page a visitor reads, with the approved guestbook messages. */
export async function getMemorialPage(ctx: BaseCtx, actor: Actor | null, token: string, cursor: readonly (string | number)[] | undefined): Promise<TMemorialPage> {
  const { memorial: m, ownerName, bornOn, diedOn } = await visibleMemorial(ctx, actor, token);
  const [photo, messages] = await Promise.all([
    shownPhoto(ctx.db, m),
    messagesPage(ctx.db, and(eq(memorialMessages.estateId, m.estateId), eq(memorialMessages.status, 'approved')), cursor, MEMORIAL_MESSAGES_PAGE_SIZE),
  ]);
  const born = year(bornOn);
  const died = year(diedOn);
  return {
    ownerName,
    lifespan: born && died ? `${born} – ${died}` : died ? `Died ${died}` : null,
    body: m.body,
    wishes: m.wishes,
    donationUrl: m.donationUrl,
    photoUrl: photo ? `/api/v1/memorials/${token}/photo` : null,
    photoTitle: photo ? photo.memoryTitle || photo.title || null : null,
    audience: m.audience as TMemorialPage['audience'],
    messages: messages.items.map(({ status: _status, ...rest }) => rest),
    nextCursor: messages.nextCursor,
  };
}

/** GET /api/v1/memorials/:token/photo: the memorial's photo, for whoever may see the page. */
export async function memorialPagePhoto(ctx: BaseCtx, actor: Actor | null, token: string) {
  const { memorial: m } = await visibleMemorial(ctx, actor, token);
  const photo = await shownPhoto(ctx.db, m);
  if (!photo) throw notFound('That photo');
  return photo.file;
}

/**
 * POST /api/v1/memorials/:token/messages: a visitor's message, kept as the plain text it is and shown
 * only once those who settle the estate approve it. From a signed-in visitor it records their account.
 */
export async function leaveGuestbookMessage(ctx: BaseCtx, actor: Actor | null, token: string, input: TGuestbookMessage): Promise<void> {
  const { memorial: m } = await visibleMemorial(ctx, actor, token);
  await ctx.db.insert(memorialMessages).values({ estateId: m.estateId, authorName: input.name, authorUserId: actor?.userId ?? null, body: input.message, createdAt: ctx.clock.now() });
}
