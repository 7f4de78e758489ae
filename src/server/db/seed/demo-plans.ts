import { and, eq } from 'drizzle-orm';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import type { Db } from '../client.ts';
import { beneficiaries } from '../schema/estates.ts';
import { tasks } from '../schema/tasks.ts';
import { userSettings } from '../schema/users.ts';
import type { DemoIds } from './demo-users.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Margaret's plans: Richard may handle her digital legacy, her onboarding checklist mostly done, the tasks she set herself (some done),
 * appointments with her support team (one confirmed, one waiting for Robert, one past), a request
 * from Emily to David, and a second legacy planner whose profile is public (so "Add Support Team
 * Member" has someone to offer). Dates are worked out from today so the demo always has things
 * still to come. None of this feeds the completion figures except through the owner's real data
 * (docs/decisions/0008-legacy-completion-rules.md).
 */
export async function seedPlans(db: Db, ids: DemoIds): Promise<void> {
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const at = (offset: number, hour: number, minute = 0) => {
    const d = new Date(now.getTime() + offset * DAY);
    d.setUTCHours(hour, minute, 0, 0);
    return d;
  };

  // Richard, joint holder of most of her accounts, is the one she trusts to handle her digital legacy.
  await db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, ids.beneficiaries.Richard!));

  // The onboarding checklist the base seed created: what Margaret has already done.
  const done: Record<string, number> = {
    'Upload your will': -52,
    'Add your first beneficiary': -50,
    'Record a memory': -44,
    'List your digital accounts': -30,
  };
  for (const [title, offset] of Object.entries(done)) {
    await db
      .update(tasks)
      .set({ status: 'completed', completedAt: new Date(now.getTime() + offset * DAY) })
      .where(and(eq(tasks.estateId, ids.estateId), eq(tasks.title, title), eq(tasks.source, 'onboarding')));
  }
  await db
    .update(tasks)
    .set({ dueDate: day(21) })
    .where(and(eq(tasks.estateId, ids.estateId), eq(tasks.title, 'Write a future message'), eq(tasks.source, 'onboarding')));

  const mine = [
    {
      title: 'Add the pension statement',
      description: 'Scan the latest statement from the teachers’ pension scheme and add it under Financial.',
      priority: 'high',
      category: 'documents',
      dueDate: day(6),
    },
    {
      title: 'Write access instructions for the photo cloud and the old email account',
      description: 'Say what should happen to each: keep the photos for the family, close the email after a year.',
      priority: 'high',
      category: 'digital_assets',
      dueDate: day(10),
    },
    {
      title: 'Ask James and Richard to accept their invitations',
      description: 'Remind them at Sunday lunch; Sophie and Grace can follow.',
      priority: 'medium',
      category: 'beneficiaries',
      dueDate: day(14),
    },
    {
      title: 'Add birthdays for Sophie and Grace',
      description: 'So birthday letters reach them on the right day.',
      priority: 'medium',
      category: 'beneficiaries',
      dueDate: null,
    },
    {
      title: 'Record the story of the Cornwall cottage',
      description: 'The summer of 1968, the storm and the borrowed rowing boat.',
      priority: 'low',
      category: 'memories',
      dueDate: day(40),
    },
    {
      title: 'Review the life insurance policy with Robert',
      description: 'Check the beneficiaries named on the policy match the ones here.',
      priority: 'high',
      category: 'documents',
      dueDate: day(-12),
      status: 'completed',
      completedAt: new Date(now.getTime() - 12 * DAY),
    },
    {
      title: 'Scan the wedding photographs',
      description: 'The album in the blue box, 1974.',
      priority: 'medium',
      category: 'memories',
      dueDate: day(-20),
      status: 'completed',
      completedAt: new Date(now.getTime() - 22 * DAY),
    },
  ] as const;
  for (const task of mine) await insertTask(db, ids.estateId, { ...task, source: 'user' });

  const david = { supportMemberId: ids.supportTeam.plannerMemberId, attendeeUserId: ids.plannerId, attendeeName: 'David Chen', attendeeRole: 'legacy-planner' };
  const robert = {
    supportMemberId: ids.supportTeam.administratorMemberId,
    attendeeUserId: ids.estateAdministratorId,
    attendeeName: 'Robert Hayes',
    attendeeRole: 'estate-administrator',
  };
  const owner = { requestedBy: ids.ownerId, requesterRole: 'estate-owner', estateId: ids.estateId };
  await insertAppointment(db, {
    ...owner,
    ...david,
    type: 'Legacy Planning Session',
    durationMinutes: 60,
    startsAt: at(5, 15),
    status: 'confirmed',
    notes: 'Go through the digital accounts list together.',
  });
  await insertAppointment(db, {
    ...owner,
    ...robert,
    type: 'Document Review',
    durationMinutes: 60,
    startsAt: at(12, 14, 30),
    status: 'pending',
    notes: 'Check the will and the power of attorney are the signed copies.',
  });
  await insertAppointment(db, {
    ...owner,
    ...david,
    type: 'Memory Recording',
    durationMinutes: 120,
    startsAt: at(-18, 10),
    status: 'confirmed',
    notes: 'Recorded the story of how Richard and I met.',
  });
  await insertAppointment(db, {
    requestedBy: ids.beneficiaryUserId,
    requesterRole: 'beneficiary',
    estateId: ids.estateId,
    ...david,
    type: 'Family Meeting',
    durationMinutes: 90,
    startsAt: at(9, 17),
    status: 'pending',
    notes: 'James and I would like to understand what Mum has planned.',
  });

  // A planner who made her profile public, so the owner can add her from the list.
  const aisha = await insertUser(db, {
    name: 'Aisha Rahman',
    email: 'aisha.rahman@demo.heirloom.local',
    phone: '+1 (555) 318-4402',
    isDemo: true,
    roles: ['legacy-planner'],
    // she is listed, not a persona: nobody signs in as her
    passwordHash: null,
  });
  await db.insert(userSettings).values({ userId: aisha.id, data: { plannerVisibility: 'Public' } }).onConflictDoNothing();
}
