import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { TASK_CATEGORIES, TASK_FILTERS, TASK_PRIORITIES, TASK_STATUSES } from './constants.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const TASK_CATEGORY_LABELS = {
  documents: 'Documents',
  memories: 'Memories',
  beneficiaries: 'Beneficiaries',
  digital_assets: 'Digital Assets',
  messages: 'Messages',
} as const satisfies Record<(typeof TASK_CATEGORIES)[number], string>;

export const ZTask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  category: z.enum(TASK_CATEGORIES),
  dueDate: z.string().nullable(),
  source: z.string(),
  /** the legacy planner who suggested it (source 'planner'), shown on the owner's list */
  suggestedBy: z.object({ name: z.string() }).nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TTask = z.infer<typeof ZTask>;

/** High Priority counts only pending high-priority tasks. */
export const ZTaskCounts = z.object({
  total: z.number(),
  completed: z.number(),
  pending: z.number(),
  highPriority: z.number(),
});
export type TTaskCounts = z.infer<typeof ZTaskCounts>;

export const ZTaskList = z.object({
  items: z.array(ZTask),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** the four counters, over all the owner's tasks whatever the filter */
  counts: ZTaskCounts,
  /** how many tasks the filter and search match (all pages) */
  matching: z.number(),
});
export type TTaskList = z.infer<typeof ZTaskList>;

export const TASK_PAGE_SIZE = 25;
/** GET /api/v1/tasks — one page in list order (ADR 0059). */
export const ZTaskListQuery = z
  .object({
    filter: z.enum(TASK_FILTERS).default('all'),
    q: zPlainText(200).optional(),
    cursor: zCursor(['ordinal', 'dueDay', 'ordinal', 'instant', 'id']).optional(),
    limit: zPageSize(TASK_PAGE_SIZE),
  })
  .strict();
export type TTaskListQuery = z.infer<typeof ZTaskListQuery>;

const fields = {
  title: zRequiredText(200),
  description: zPlainText(2000),
  dueDate: zIsoDate.nullable(),
  priority: z.enum(TASK_PRIORITIES, { message: 'Choose High, Medium or Low' }),
  category: z.enum(TASK_CATEGORIES, { message: 'Choose a category' }),
};

export const ZCreateTaskRequest = z
  .object({
    title: fields.title,
    description: fields.description.default(''),
    dueDate: fields.dueDate.default(null),
    priority: fields.priority.default('medium'),
    category: fields.category.default('documents'),
  })
  .strict();
export type TCreateTaskRequest = z.input<typeof ZCreateTaskRequest>;

export const ZUpdateTaskRequest = z.object(fields).partial().strict();
export type TUpdateTaskRequest = z.infer<typeof ZUpdateTaskRequest>;

export const ZTaskIdParams = z.object({ id: zId }).strict();
