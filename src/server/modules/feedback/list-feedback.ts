import { desc, eq, type SQL } from 'drizzle-orm';
import { FEEDBACK_CATEGORIES, FEEDBACK_PAGE_SIZE, type FeedbackCategory, type TFeedbackItem, type TFeedbackPage } from '../../../core/feedback.schemas.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';

const asCategory = (c: string): FeedbackCategory => ((FEEDBACK_CATEGORIES as readonly string[]).includes(c) ? (c as FeedbackCategory) : 'other');

/** Feedback rows with the sender's name, newest first (index feedback(created_at, id)), `limit + 1` of them. */
export async function feedbackRows(db: Db, where: SQL | undefined, limit: number): Promise<(TFeedbackItem & { cursorAt: string })[]> {
  const rows = await db
    .select({ id: feedback.id, name: users.name, category: feedback.category, message: feedback.message, page: feedback.page, at: feedback.createdAt, cursorAt: cursorTime(feedback.createdAt) })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
  return rows.map(({ at, ...r }) => ({ ...r, category: asCategory(r.category), createdAt: at.toISOString() }));
}

/** GET /api/v1/admin/feedback: every user's feedback, newest first, a page at a time (admins only). */
export async function listFeedback(ctx: Ctx, query: { cursor?: CursorOf<['instant', 'id']> | undefined }): Promise<TFeedbackPage> {
  const rows = await feedbackRows(ctx.db, afterCursor(descending(feedback.createdAt, feedback.id), query.cursor), FEEDBACK_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, FEEDBACK_PAGE_SIZE, (r) => [r.cursorAt, r.id]);
  return { items: page.map(({ cursorAt: _cursor, ...item }) => item), nextCursor };
}
