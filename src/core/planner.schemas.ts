/**
 * The legacy planner's practice (issue 10; docs/decisions/0022-planner-practice.md):
 *   GET    planner/dashboard                              → ZPlannerDashboard      read:loved-one:own
 *   GET    planner/loved-ones?q&cursor                    → ZLovedOnePage          read:loved-one:own
 *   GET    planner/loved-ones/:estateId                   → ZLovedOneDetail        read:loved-one:own
 *   POST   planner/loved-ones/:estateId/suggested-tasks   ZCreateTaskRequest → ZTask   create:loved-one:own
 *   GET    planner/tasks?status&cursor&limit              → ZPlannerTaskPage       read:planner-task:own
 *   POST   planner/tasks                                  ZCreatePlannerTaskRequest → ZPlannerTask
 *   PATCH  planner/tasks/:id                              ZUpdatePlannerTaskRequest → ZPlannerTask
 *   DELETE planner/tasks/:id                              → ZOkResponse
 * A planner sees of a client only their progress, tasks and appointments with the planner.
 */
import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { LOVED_ONE_STATUSES } from './loved-one-status.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { ZTask } from './tasks.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const LOVED_ONES_PAGE_SIZE = 20;

export const ZLovedOneStatus = z.enum(LOVED_ONE_STATUSES);

/** One client ("loved one"); `id` is their estate's id. */
export const ZLovedOne = z.object({
  id: z.string(),
  estateId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** from the planner's accepted invitation, else "Client" */
  relationship: z.string(),
  /** overall completion, 0–100, as the owner's dashboard computes it */
  progress: z.number(),
  lastActive: z.string().nullable(),
  status: ZLovedOneStatus,
});
export type TLovedOne = z.infer<typeof ZLovedOne>;


export const ZLovedOnesQuery = z.object({ q: zPlainText(100).optional(), cursor: zCursor(['name', 'id']).optional() }).strict();
export type TLovedOnesQuery = z.output<typeof ZLovedOnesQuery>;

export const ZLovedOnePage = z.object({ items: z.array(ZLovedOne), nextCursor: z.string().nullable() });
export type TLovedOnePage = z.infer<typeof ZLovedOnePage>;

export const ZEstateIdParams = z.object({ estateId: zId }).strict();

export const ZPlannerTask = z.object({
  id: z.string(),
  title: z.string(),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** the client it is for; null: the planner's own practice */
  for: z.object({ estateId: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TPlannerTask = z.infer<typeof ZPlannerTask>;

export const PLANNER_TASK_STATUSES = ['open', 'done'] as const;
export const PLANNER_TASKS_PAGE_SIZE = 20;
const zOpenTaskCursor = zCursor(['dueDay', 'instant', 'id']);
const zDoneTaskCursor = zCursor(['instant', 'id']);
/**
 * The planner's tasks, a keyset page at a time: `open` soonest due first (undated last, then oldest
 * first); `done` most recently completed first. A cursor of the other list is a 400.
 */
export const ZPlannerTaskQuery = z
  .object({ status: z.enum(PLANNER_TASK_STATUSES).default('open'), cursor: z.string().optional(), limit: zPageSize(PLANNER_TASKS_PAGE_SIZE) })
  .strict()
  .transform((q, ctx): PlannerTaskQuery => {
    const { status, limit, cursor } = q;
    if (cursor === undefined) return { status, limit };
    const parsed = (status === 'open' ? zOpenTaskCursor : zDoneTaskCursor).safeParse(cursor);
    // The cursor was read by the schema of this status: it is of that list.
    if (parsed.success) return { status, limit, cursor: parsed.data } as PlannerTaskQuery;
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: parsed.error.issues[0]?.message ?? 'Not a cursor' });
    return z.NEVER;
  });
type PlannerTaskQuery =
  | { status: 'open'; limit: number; cursor?: z.output<typeof zOpenTaskCursor> }
  | { status: 'done'; limit: number; cursor?: z.output<typeof zDoneTaskCursor> };
export type TPlannerTaskQuery = z.output<typeof ZPlannerTaskQuery>;
/** One page of the planner's tasks, and how many are open in all (index-backed COUNT). */
export const ZPlannerTaskPage = z.object({ items: z.array(ZPlannerTask), nextCursor: z.string().nullable(), openCount: z.number() });
export type TPlannerTaskPage = z.infer<typeof ZPlannerTaskPage>;

const plannerTaskFields = {
  title: zRequiredText(200),
  estateId: zId.nullable(),
  dueDate: zIsoDate.nullable(),
};
export const ZCreatePlannerTaskRequest = z
  .object({ title: plannerTaskFields.title, estateId: plannerTaskFields.estateId.default(null), dueDate: plannerTaskFields.dueDate.default(null) })
  .strict();
export type TCreatePlannerTaskRequest = z.input<typeof ZCreatePlannerTaskRequest>;
export const ZUpdatePlannerTaskRequest = z
  .object({ ...plannerTaskFields, completed: z.boolean({ message: 'Must be true or false' }) })
  .partial()
  .strict();
export type TUpdatePlannerTaskRequest = z.infer<typeof ZUpdatePlannerTaskRequest>;

/** Completion by area, as the owner's dashboard shows it. */
export const ZProgressByArea = z.object({
  overall: z.number(),
  documents: z.number(),
  beneficiaries: z.number(),
  accounts: z.number(),
  security: z.number(),
});

export const ZClientAppointment = z.object({
  id: z.string(),
  type: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  status: z.string(),
  /** day, times and zone name in the planner's own time zone, as on their Appointments page */
  when: z.string(),
});

export const CLIENT_LIST_LIMIT = 50;
/** What a planner sees of one client: never memories, documents, digital assets or messages. */
export const ZLovedOneDetail = z.object({
  lovedOne: ZLovedOne,
  progress: ZProgressByArea,
  /** their task list (pending first), planner-suggested ones marked; at most CLIENT_LIST_LIMIT */
  tasks: z.array(ZTask),
  /** their appointments with this planner, soonest first; at most CLIENT_LIST_LIMIT */
  appointments: z.array(ZClientAppointment),
});
export type TLovedOneDetail = z.infer<typeof ZLovedOneDetail>;

export const ZActivity = z.object({
  id: z.string(),
  /** who it is about (the client) */
  person: z.string(),
  estateId: z.string(),
  /** what happened, in words without any vault title or content */
  action: z.string(),
  at: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const DASHBOARD_PROGRESS_LIMIT = 10;
export const DASHBOARD_TASKS_LIMIT = 8;
export const DASHBOARD_ACTIVITY_LIMIT = 10;

export const ZPlannerDashboard = z.object({
  counters: z.object({
    lovedOnes: z.number(),
    /** the planner's open planner tasks */
    upcomingTasks: z.number(),
    /** rounded mean of the clients' overall completion; null with no clients */
    averageCompletion: z.number().nullable(),
  }),
  /** clients needing attention first, then by name; at most DASHBOARD_PROGRESS_LIMIT */
  progress: z.array(ZLovedOne),
  /** the first DASHBOARD_TASKS_LIMIT open tasks, soonest due first; the card loads more with GET planner/tasks */
  tasks: ZPlannerTaskPage,
  activity: z.array(ZActivity),
});
export type TPlannerDashboard = z.infer<typeof ZPlannerDashboard>;
