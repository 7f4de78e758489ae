import { desc, eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { notFound } from '../../lib/app-error.ts';

const LATEST = 20;

/**
 * Demo mode only (the route also needs an administrator): the latest emails to one address from the
 * local outbox, so a local sign-up can follow its link without an SMTP server. 404 outside demo mode.
 */
export async function readDemoOutbox(ctx: BaseCtx, to: string) {
  if (!ctx.config.demoMode) throw notFound('Demo mode');
  const rows = await ctx.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.text, kind: outboxEmails.kind, createdAt: outboxEmails.createdAt })
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(LATEST);
  return { emails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
