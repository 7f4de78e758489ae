import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

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
  (t) => [index('tasks_estate_idx').on(t.estateId, t.status)],
);
