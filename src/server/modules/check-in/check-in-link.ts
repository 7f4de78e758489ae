import { eq } from 'drizzle-orm';
import type { TCheckInLinkRequest } from '../../../core/check-in.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { forbidden } from '../../lib/app-error.ts';
import { claimLink, peekLink } from '../../links/emailed-links.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { recordCheckIn } from '../../settings/check-in-period.ts';

/**
 * The button on the page the emailed link opens (a POST: opening the link, as a mail scanner does,
 * changes nothing). The link is used up and the check-in recorded in one transaction, so of two
 * clicks at once one checks in and the other is told the link was used. Someone signed in as
 * another person cannot use it.
 */
export async function followCheckInLink(ctx: BaseCtx, input: TCheckInLinkRequest): Promise<{ ok: true; name: string }> {
  if (ctx.actor) {
    const link = await peekLink(ctx, input.token, 'check-in');
    if (link.userId !== ctx.actor.userId) {
      throw forbidden('This "I\'m here" link belongs to another account. Only the person it was sent to can use it; sign out first if that is you.');
    }
  }
  const userId = await inMailTransaction(ctx, async (tx) => {
    const link = await claimLink(tx, input.token, ['check-in']);
    await recordCheckIn(tx, link.userId, 'email_link');
    return link.userId;
  });
  const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { ok: true, name: user?.name ?? '' };
}
