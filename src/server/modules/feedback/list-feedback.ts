import { desc, eq, type SQL } from 'drizzle-orm';
import { FEEDBACK_CATEGORIES, FEEDBACK_PAGE_SIZE, type FeedbackCategory, type TFeedbackItem, type TFeedbackPage } from '../../../core/feedback.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { afterNewestFirst, newestFirstCursor } from '../../lib/keyset.ts';

const asCategory = (c: string): FeedbackCategory => ((FEEDBACK_CATEGORIES as readonly string[]).includes(c) ? (c as FeedbackCategory) : 'other');

/** Feedback rows with the sender's name, newest first (index feedback(created_at, id)), `limit + 1` of them. */
export async function feedbackRows(db: Db, where: SQL | undefined, limit: number): Promise<(TFeedbackItem & { at: Date })[]> {
  const rows = await db
    .select({ id: feedback.id, name: users.name, category: feedback.category, message: feedback.message, page: feedback.page, at: feedback.createdAt })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, category: asCategory(r.category), createdAt: r.at.toISOString() }));
}

/** GET /api/v1/admin/feedback: every user's feedback, newest first, a page at a time (admins only). */
export async function listFeedback(ctx: Ctx, query: { cursor?: string | undefined }): Promise<TFeedbackPage> {
  const rows = await feedbackRows(ctx.db, afterNewestFirst(feedback.createdAt, feedback.id, query.cursor), FEEDBACK_PAGE_SIZE + 1);
  const page = rows.slice(0, FEEDBACK_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ at: _at, ...item }) => item),
    nextCursor: rows.length > FEEDBACK_PAGE_SIZE && last ? newestFirstCursor(last) : null,
  };
}
