import { FEEDBACK_PAGE_SIZE, type TFeedbackPage } from '../../../core/feedback.schemas.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { Ctx } from '../../context.ts';
import { feedback } from '../../db/schema/admin.ts';
import { afterCursor, descending, keysetPage } from '../../lib/keyset.ts';
import { feedbackRows } from '../../views/feedback-rows.ts';

/** GET /api/v1/admin/feedback: every user's feedback, newest first, a page at a time (admins only). */
export async function listFeedback(ctx: Ctx, query: { cursor?: CursorOf<['instant', 'id']> | undefined }): Promise<TFeedbackPage> {
  const rows = await feedbackRows(ctx.db, afterCursor(descending(feedback.createdAt, feedback.id), query.cursor), FEEDBACK_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, FEEDBACK_PAGE_SIZE, (r) => [r.cursorAt, r.id]);
  return { items: page.map(({ cursorAt: _cursor, ...item }) => item), nextCursor };
}
