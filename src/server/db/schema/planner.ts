import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * A legacy planner's own to-do list (wireframe §3 "Planner task": task, for, due). `estateId` is the
 * client the task is for (null: the planner's own practice); a client who leaves the planner takes
 * the link with them (set null), the planner keeps the task.
 */
export const plannerTasks = pgTable(
  'planner_tasks',
  {
    id: id(),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estateId: uuid('estate_id').references(() => estates.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    dueDate: date('due_date'),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A planner's open tasks, soonest due first, undated last (lib/keyset.ts dueDay), and their count.
    index('planner_tasks_open_due_idx')
      .on(t.plannerId, sql`coalesce(${t.dueDate}, 'infinity'::date)`, t.createdAt, t.id)
      .where(sql`${t.completedAt} IS NULL`),
    // A planner's done tasks, most recently completed first.
    index('planner_tasks_done_idx').on(t.plannerId, t.completedAt, t.id).where(sql`${t.completedAt} IS NOT NULL`),
  ],
);
