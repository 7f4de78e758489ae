import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../context.ts';
import { users } from '../db/schema/users.ts';
import { signInUrl, type Letter, type Notice } from '../mail/templates/frame.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { notify } from '../notices/notify.ts';

export interface Telling {
  /** In-app path (also linked at the end of the email, unless `url` is given). */
  link: string;
  /** A full URL for the email instead of the sign-in link to `link`. */
  url?: string;
  /** One email per key, however often the caller runs or its notices are delivered again. */
  idempotencyKey: string;
  /** Its words for this person (a template from mail/templates), with the URL the email ends with. */
  words: (to: Letter & { url: string }) => Notice;
}

/**
 * A safeguard notice: in-app (always, never a second email through the digest) and by email
 * (always: a person asked to confirm a report, or an owner whose report is running, must hear of it
 * whatever their digest settings). Both are written with `ctx.db`: in the transaction of the change
 * that causes them (ADR 0077).
 */
export async function tell(ctx: BaseCtx, userId: string, telling: Telling): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const { systemName } = await getSystemSettings(ctx.db);
  const url = telling.url ?? signInUrl(ctx.config.publicUrl, telling.link);
  const { inApp, mail } = telling.words({ systemName, name: user.name, url });
  await notify(ctx, { userId, type: 'estate', message: inApp, link: telling.link, send: false });
  await ctx.mailer.send({ to: user.email, ...mail }, { db: ctx.db, idempotencyKey: telling.idempotencyKey });
}
