import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * The computed parts of the tasks' list order, one writing for the index and the queries so that
 * PostgreSQL matches them to tasks_estate_order_idx: pending 0 / completed 1; the due date, none as
 * infinity (last); high 0, medium 1, low 2.
 */
const statusRank = (status: AnyPgColumn) => sql`(case when ${status} = 'pending' then 0 else 1 end)`;
const dueKey = (dueDate: AnyPgColumn) => sql`coalesce(${dueDate}, 'infinity'::date)`;
const priorityRank = (priority: AnyPgColumn) => sql`(case ${priority} when 'high' then 0 when 'medium' then 1 else 2 end)`;

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** pending | completed */
    status: text('status').notNull().default('pending'),
    /** high | medium | low */
    priority: text('priority').notNull().default('medium'),
    /** documents | memories | beneficiaries | digital_assets | messages */
    category: text('category').notNull().default('documents'),
    dueDate: date('due_date'),
    /** onboarding | user | planner */
    source: text('source').notNull().default('user'),
    /** The legacy planner who suggested the task (source 'planner'), shown on the owner's list. */
    suggestedBy: uuid('suggested_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_estate_idx').on(t.estateId, t.status),
    // the list order (views/task-view.ts TASK_ORDER), for keyset pages (ADR 0059)
    index('tasks_estate_order_idx').on(
      t.estateId,
      statusRank(t.status),
      dueKey(t.dueDate),
      priorityRank(t.priority),
      t.createdAt,
      t.id,
    ),
  ],
);

export const taskStatusRank = statusRank(tasks.status);
export const taskDueKey = dueKey(tasks.dueDate);
export const taskPriorityRank = priorityRank(tasks.priority);
