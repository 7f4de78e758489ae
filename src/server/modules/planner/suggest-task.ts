import type { z } from 'zod';
import type { TTask, ZCreateTaskRequest } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { assertClientOf } from '../../access/planner-clients.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { eq } from 'drizzle-orm';
import { notify } from '../../notices/notify.ts';
import { taskWithSuggester } from '../../views/task-view.ts';

/** Assist: the planner suggests a task; it lands on the client's task list marked as theirs, and the client hears of it. */
export async function suggestTask(ctx: Ctx, estateId: string, input: z.output<typeof ZCreateTaskRequest>): Promise<TTask> {
  await assertClientOf(ctx.db, ctx.actor.userId, estateId);
  const now = ctx.clock.now();
  // The task, its audit row and the client's notice commit together (ADR 0077).
  const row = await inMailTransaction(ctx, async (tx) => {
    const [inserted] = await tx.db
      .insert(tasks)
      .values({ estateId, ...input, status: 'pending', source: 'planner', suggestedBy: ctx.actor.userId, createdAt: now, updatedAt: now })
      .returning();
    await audit(tx, { action: 'task.suggested', estateId, targetType: 'task', targetId: inserted!.id });
    const [estate] = await tx.db.select({ ownerId: estates.ownerId }).from(estates).where(eq(estates.id, estateId));
    if (estate) {
      await notify(tx, {
        userId: estate.ownerId,
        type: 'estate',
        message: `${ctx.actor.name}, your legacy planner, suggested a task: ${input.title}`,
        fromName: ctx.actor.name,
        link: '/estate-owner/tasks',
      });
    }
    return inserted!;
  });
  return taskWithSuggester(ctx.db, row);
}
