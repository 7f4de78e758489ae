import { desc, eq, type SQL } from 'drizzle-orm';
import { FEEDBACK_CATEGORIES, type FeedbackCategory, type TFeedbackItem } from '../../core/feedback.schemas.ts';
import type { Db } from '../db/client.ts';
import { feedback } from '../db/schema/admin.ts';
import { users } from '../db/schema/users.ts';
import { cursorTime } from '../lib/keyset.ts';

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

