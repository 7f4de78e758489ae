import type { z } from 'zod';
import type { TTask, ZCreateTaskRequest } from '../../../core/tasks.schemas.ts';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toTask } from '../../views/task-view.ts';

export async function createTask(ctx: Ctx, input: z.output<typeof ZCreateTaskRequest>): Promise<TTask> {
  const estateId = ownEstateId(ctx);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(tasks)
    .values({ estateId, ...input, status: 'pending', source: 'user', createdAt: now, updatedAt: now })
    .returning();
  return toTask(row!);
}
