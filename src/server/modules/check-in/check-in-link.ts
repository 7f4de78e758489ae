import { and, eq, gt } from 'drizzle-orm';
import { CHECK_IN_LINK_PAGE_PATH, type TCheckInLinkRequest } from '../../../core/check-in.schemas.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import type { BaseCtx } from '../../context.ts';
import { checkInSettings } from '../../db/schema/check-in.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { recordCheckIn } from '../../settings/check-in-period.ts';

/** How long an emailed "I'm here" link works (a newer reminder's link replaces it sooner). */
export const CHECK_IN_LINK_DAYS = 30;

/** A new link token: only its sha256 is stored, on the owner's check-in row (the newest link is the only live one). */
export function issueCheckInToken(now: Date): { token: string; linkTokenHash: string; linkExpiresAt: Date } {
  const token = randomToken();
  return { token, linkTokenHash: sha256(token), linkExpiresAt: new Date(now.getTime() + CHECK_IN_LINK_DAYS * 24 * 60 * 60_000) };
}

/** The address in the email: a page with one "I'm here" button; the token sits in the fragment, never in a server log. */
export const checkInLinkUrl = (publicUrl: string, token: string) => new URL(`${CHECK_IN_LINK_PAGE_PATH}#${token}`, publicUrl).toString();

const linkNotValid = () =>
  new AppError(ERROR_CODES.notFound, 404, 'This "I\'m here" link is not valid, has expired or was already used. Sign in instead: signing in counts as checking in.');

/**
 * The button on the page the emailed link opens (a POST: opening the link, as a mail scanner does,
 * changes nothing). The token is used up in one guarded UPDATE, so of two clicks at once one checks
 * in and the other is told the link was used. Someone signed in as another person cannot use it.
 */
export async function followCheckInLink(ctx: BaseCtx, input: TCheckInLinkRequest): Promise<{ ok: true; name: string }> {
  const now = ctx.clock.now();
  const hash = sha256(input.token);
  const live = and(eq(checkInSettings.linkTokenHash, hash), gt(checkInSettings.linkExpiresAt, now));
  if (ctx.actor) {
    const [owner] = await ctx.db.select({ userId: checkInSettings.userId }).from(checkInSettings).where(live);
    if (owner && owner.userId !== ctx.actor.userId) {
      throw forbidden('This "I\'m here" link belongs to another account. Only the person it was sent to can use it; sign out first if that is you.');
    }
  }
  const [row] = await ctx.db.update(checkInSettings).set({ linkTokenHash: null, linkExpiresAt: null }).where(live).returning({ userId: checkInSettings.userId });
  if (!row) throw linkNotValid();
  await recordCheckIn(ctx, row.userId, 'email_link');
  const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  return { ok: true, name: user?.name ?? '' };
}
