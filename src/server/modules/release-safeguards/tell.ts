import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { notify } from '../../notices/notify.ts';

export interface Notice {
  subject: string;
  /** The first line is also the in-app notification. */
  lines: string[];
  /** In-app path (also linked at the end of the email, unless `url` is given). */
  link: string;
  /** A full URL for the email instead of the sign-in link to `link`. */
  url?: string;
  /** One email per key, however often the caller runs or its notices are delivered again. */
  idempotencyKey: string;
}

/**
 * A safeguard notice: in-app (always, never a second email through the digest) and by email
 * (always: a person asked to confirm a report, or an owner whose report is running, must hear of it
 * whatever their digest settings). Both are written with `ctx.db`: in the transaction of the change
 * that causes them (ADR 0077).
 */
export async function tell(ctx: BaseCtx, userId: string, notice: Notice): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const { systemName } = await getSystemSettings(ctx.db);
  await notify(ctx, { userId, type: 'estate', message: notice.lines[0]!, link: notice.link, send: false });
  const url = notice.url ?? new URL(`/sign-in?next=${encodeURIComponent(notice.link)}`, ctx.config.publicUrl).toString();
  await ctx.mailer.send(
    { to: user.email, subject: `${systemName}: ${notice.subject}`, text: [`Hello ${user.name},`, '', ...notice.lines, '', url].join('\n'), kind: 'release-safeguards' },
    { db: ctx.db, idempotencyKey: notice.idempotencyKey },
  );
}
