import { and, desc, eq } from 'drizzle-orm';
import { DEMO_MAIL_PAGE_SIZE, type TDemoMail, type TDemoMailPage } from '../../../core/demo-mail.schemas.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { notFound } from '../../lib/app-error.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';

/** Outside demo mode the mail does not exist, for everyone (ADR 0006). */
function assertDemoMode(ctx: BaseCtx): void {
  if (!ctx.config.demoMode) throw notFound('That page');
}

/** Demo mode: the mail the platform sent, newest first, a page at a time, optionally to one address. */
export async function listDemoMail(ctx: BaseCtx, query: { to?: string | undefined; cursor?: CursorOf<['instant', 'id']> | undefined }): Promise<TDemoMailPage> {
  assertDemoMode(ctx);
  const rows = await ctx.db
    .select({ id: outboxEmails.id, to: outboxEmails.to, subject: outboxEmails.subject, kind: outboxEmails.kind, createdAt: outboxEmails.createdAt, cursorAt: cursorTime(outboxEmails.createdAt) })
    .from(outboxEmails)
    .where(and(query.to ? eq(outboxEmails.to, query.to) : undefined, afterCursor(descending(outboxEmails.createdAt, outboxEmails.id), query.cursor)))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(DEMO_MAIL_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, DEMO_MAIL_PAGE_SIZE, (r) => [r.cursorAt, r.id]);
  return { items: page.map(({ cursorAt: _cursor, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })), nextCursor };
}

/** Demo mode: one mail's plain text (the web shows it as text with its links; its HTML is never served). */
export async function readDemoMail(ctx: BaseCtx, id: string): Promise<TDemoMail> {
  assertDemoMode(ctx);
  const [row] = await ctx.db
    .select({ id: outboxEmails.id, to: outboxEmails.to, subject: outboxEmails.subject, kind: outboxEmails.kind, createdAt: outboxEmails.createdAt, text: outboxEmails.text })
    .from(outboxEmails)
    .where(eq(outboxEmails.id, id));
  if (!row) throw notFound('That email');
  return { ...row, createdAt: row.createdAt.toISOString(), siteUrl: ctx.config.publicUrl.replace(/\/$/, '') };
}
