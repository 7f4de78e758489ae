import { and, asc, eq, or } from 'drizzle-orm';
import { CLIENT_LIST_LIMIT, type TLovedOneDetail } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { estates } from '../../db/schema/estates.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { notFound } from '../../lib/app-error.ts';
import { appointmentZoneFor, endOf, whenInZone } from '../../views/appointment-zone.ts';
import { TASK_ORDER, tasksWithSuggesters } from '../../views/task-view.ts';
import { clientRows, completionOf, toLovedOnes } from './client-view.ts';

/**
 * A client's page: who they are, their progress by area, their task list and their appointments
 * with this planner — nothing of their vault. Not the planner's client: 404.
 */
export async function getLovedOne(ctx: Ctx, estateId: string): Promise<TLovedOneDetail> {
  const [row] = await clientRows(ctx, eq(estates.id, estateId), 1);
  if (!row) throw notFound('That loved one');
  const plannerId = ctx.actor.userId;
  const [taskRows, appointmentRows, zone] = await Promise.all([
    ctx.db.select().from(tasks).where(eq(tasks.estateId, estateId)).orderBy(...TASK_ORDER).limit(CLIENT_LIST_LIMIT),
    ctx.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.estateId, estateId), or(eq(appointments.requestedBy, plannerId), eq(appointments.attendeeUserId, plannerId))))
      .orderBy(asc(appointments.startsAt))
      .limit(CLIENT_LIST_LIMIT),
    appointmentZoneFor(ctx, 'legacy-planner'),
  ]);
  const [lovedOne] = toLovedOnes(ctx, [row]);
  const c = completionOf(ctx, row);
  return {
    lovedOne: lovedOne!,
    progress: { overall: c.overall, documents: c.documents, beneficiaries: c.beneficiaries, accounts: c.accounts, security: c.security },
    tasks: await tasksWithSuggesters(ctx.db, taskRows),
    appointments: appointmentRows.map((a) => ({
      id: a.id,
      type: a.type,
      startsAt: a.startsAt.toISOString(),
      durationMinutes: a.durationMinutes,
      status: a.status,
      when: whenInZone(a.startsAt, endOf(a), zone),
    })),
  };
}
