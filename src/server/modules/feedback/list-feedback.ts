import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { FEEDBACK_CATEGORIES, FEEDBACK_PAGE_SIZE, type FeedbackCategory, type TFeedbackItem, type TFeedbackPage } from '../../../core/feedback.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "<created at ISO>|<id>" of the last row of a page → the condition for the rows after it. */
function after(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || !id || !UUID.test(id)) {
    throw badRequest('That page link is not valid. Reload the list.', { cursor: 'Not a valid cursor' });
  }
  return or(lt(feedback.createdAt, when), and(eq(feedback.createdAt, when), lt(feedback.id, id)));
}

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
  const rows = await feedbackRows(ctx.db, after(query.cursor), FEEDBACK_PAGE_SIZE + 1);
  const page = rows.slice(0, FEEDBACK_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ at: _at, ...item }) => item),
    nextCursor: rows.length > FEEDBACK_PAGE_SIZE && last ? `${last.createdAt}|${last.id}` : null,
  };
}
