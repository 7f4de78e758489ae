import { eq } from 'drizzle-orm';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertInvitation } from '../../../../test/factories/invitations.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import type { Db } from '../client.ts';
import { messages } from '../schema/messages.ts';
import { plannerTasks } from '../schema/planner.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';
import { tasks } from '../schema/tasks.ts';
import { users } from '../schema/users.ts';
import { DEMO_PASSWORD } from '../../../core/personas.ts';
import type { DemoIds } from './demo-users.ts';
import type { SeedVault } from './demo-vault.ts';

const DAY = 24 * 60 * 60 * 1000;

interface Client {
  name: string;
  email: string;
  phone: string;
  /** the planner's relationship to them, as written on the invitation that brought them */
  relationship: string;
  joinedDaysAgo: number;
  lastActiveDaysAgo: number | null;
  documents: { title: string; type: 'legal' | 'financial' | 'personal' }[];
  beneficiaries: { firstName: string; lastName: string; relationship: string; accepted: boolean; dateOfBirth?: string }[];
  assets: { name: string; platform: string; instructions: string }[];
  /** came through the planner's own invitation (else the owner added the planner) */
  invited: boolean;
}

/**
 * David Chen's practice beyond Margaret: clients at different completion levels — Walter nearly
 * done, Linda half-way, Harold (quiet for six weeks) and Rosa (just started) who need attention by
 * the rule of docs/decisions/0022 — his own to-do list, what his clients did lately (as the audit
 * log records it), an unread message, an accepted invitation and an open one. Completion figures
 * come from this data through the real rules; nothing here is a figure.
 */
export async function seedPlanner(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const deps = { db, ...vault };
  const now = vault.clock.now().getTime();
  const ago = (days: number, hour = 10) => {
    const d = new Date(now - days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const dayFromNow = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  const [david] = await db.select().from(users).where(eq(users.id, ids.plannerId));
  if (!david) throw new Error('seed the base demo first');

  const clients: Client[] = [
    {
      name: 'Walter Brooks', email: 'walter.brooks@demo.heirloom.local', phone: '+1 (555) 204-7731', relationship: 'Professional Planner',
      joinedDaysAgo: 120, lastActiveDaysAgo: 1, invited: true,
      documents: [
        { title: 'Will of Walter Brooks', type: 'legal' }, { title: 'Power of Attorney', type: 'legal' }, { title: 'Healthcare Proxy', type: 'legal' },
        { title: 'Trust Deed', type: 'legal' }, { title: 'House Deed', type: 'legal' },
        { title: 'Pension Statement', type: 'financial' }, { title: 'Brokerage Statement', type: 'financial' }, { title: 'Life Insurance Policy', type: 'financial' },
        { title: 'Savings Account Statement', type: 'financial' },
        { title: 'Birth Certificate', type: 'personal' }, { title: 'Marriage Certificate', type: 'personal' }, { title: 'Military Discharge Papers', type: 'personal' },
      ],
      beneficiaries: [
        { firstName: 'Anne', lastName: 'Brooks', relationship: 'Spouse', accepted: true, dateOfBirth: '1951-06-02' },
        { firstName: 'Tom', lastName: 'Brooks', relationship: 'Child', accepted: true, dateOfBirth: '1979-03-14' },
      ],
      assets: [
        { name: 'Fidelity brokerage', platform: 'Investment account', instructions: 'Anne is joint owner; call the Princeton branch.' },
        { name: 'Outlook email', platform: 'Email', instructions: 'Keep open for a year, then close.' },
      ],
    },
    {
      name: 'Linda Okafor', email: 'linda.okafor@demo.heirloom.local', phone: '+1 (555) 377-1904', relationship: 'Family Member',
      joinedDaysAgo: 60, lastActiveDaysAgo: 3, invited: true,
      documents: [
        { title: 'Last Will', type: 'legal' }, { title: 'Durable Power of Attorney', type: 'legal' },
        { title: 'Bank Statement', type: 'financial' }, { title: 'Mortgage Statement', type: 'financial' },
        { title: 'Passport Copy', type: 'personal' },
      ],
      beneficiaries: [
        { firstName: 'Chidi', lastName: 'Okafor', relationship: 'Child', accepted: true, dateOfBirth: '1990-11-21' },
        { firstName: 'Ngozi', lastName: 'Okafor', relationship: 'Child', accepted: false },
      ],
      assets: [{ name: 'Online banking', platform: 'Online banking', instructions: 'Chidi knows where the card reader is.' }],
    },
    {
      name: 'Harold Whitfield', email: 'harold.whitfield@demo.heirloom.local', phone: '+1 (555) 615-2208', relationship: 'Client',
      joinedDaysAgo: 90, lastActiveDaysAgo: 45, invited: false,
      documents: [{ title: 'Old Will (1998)', type: 'legal' }],
      beneficiaries: [{ firstName: 'Susan', lastName: 'Whitfield', relationship: 'Child', accepted: false }],
      assets: [],
    },
    {
      name: 'Rosa Delgado', email: 'rosa.delgado@demo.heirloom.local', phone: '+1 (555) 842-0316', relationship: 'Friend',
      joinedDaysAgo: 4, lastActiveDaysAgo: 1, invited: true,
      documents: [],
      beneficiaries: [],
      assets: [],
    },
  ];

  const estateOf: Record<string, string> = {};
  for (const c of clients) {
    const owner = await insertUser(db, {
      name: c.name, email: c.email, phone: c.phone, isDemo: true, password: DEMO_PASSWORD, roles: ['estate-owner'],
      emailVerifiedAt: ago(c.joinedDaysAgo), createdAt: ago(c.joinedDaysAgo), lastActiveAt: c.lastActiveDaysAgo === null ? null : ago(c.lastActiveDaysAgo, 16),
    });
    const estateId = owner.estateId!;
    estateOf[c.name] = estateId;
    await db.insert(tasks).values(ONBOARDING_TASKS.map((t) => ({ ...t, estateId, source: 'onboarding' })));
    for (const [i, doc] of c.documents.entries()) {
      await insertDocument(deps, estateId, { ...doc, createdAt: ago(c.joinedDaysAgo - Math.min(i, c.joinedDaysAgo - 1)) });
    }
    for (const b of c.beneficiaries) {
      const email = `${b.firstName}.${b.lastName}`.toLowerCase() + '@example.com';
      await insertBeneficiary(db, estateId, {
        ...b, email, phone: '+1 (555) 100-2000', notes: '', dateOfBirth: b.dateOfBirth ?? null,
        invitedAt: ago(c.joinedDaysAgo - 1), acceptedAt: b.accepted ? ago(c.joinedDaysAgo - 2) : null,
      });
    }
    for (const a of c.assets) {
      await insertDigitalAsset(deps, estateId, { name: a.name, platform: a.platform, secrets: { accessInstructions: a.instructions } });
    }
    const joinedAt = ago(c.joinedDaysAgo - 1);
    await insertSupportMember(db, estateId, {
      role: 'legacy-planner', name: david.name, email: david.email, phone: david.phone, userId: david.id, invitedAt: joinedAt, acceptedAt: joinedAt,
    });
    if (c.invited) {
      const [firstName = c.name, ...rest] = c.name.split(' ');
      await insertInvitation(db, {
        kind: 'planner-client', role: 'estate-owner', email: c.email, invitedBy: david.id,
        data: { firstName, lastName: rest.join(' '), phone: c.phone, relationship: c.relationship, template: 'For Elderly Parents', includeCalendarLink: true, scheduleFollowUp: true },
        createdAt: ago(c.joinedDaysAgo + 2), lastSentAt: ago(c.joinedDaysAgo + 2), followUpDueAt: ago(c.joinedDaysAgo - 1),
        acceptedAt: joinedAt, expiresAt: ago(c.joinedDaysAgo - 12),
      });
    }
    // What the audit log holds of their recent work: the planner's activity feed reads it (never titles).
    const recent = [
      ...c.documents.slice(-2).map((_, i) => ({ action: 'document.uploaded', days: Math.min(c.joinedDaysAgo, 2 + i * 3) })),
      ...c.beneficiaries.slice(-1).map(() => ({ action: 'beneficiary.created', days: Math.min(c.joinedDaysAgo, 6) })),
    ];
    for (const r of recent) {
      await appendAuditRows(db, [{ at: ago(r.days, 14), actorUserId: owner.id, action: r.action, estateId, targetType: r.action.split('.')[0] }]);
    }
  }

  // Two of Linda's onboarding items done, one just now; Harold got a suggestion from David.
  await insertTask(db, estateOf['Linda Okafor']!, {
    title: 'Name the people who will receive your memories', category: 'beneficiaries', priority: 'medium', status: 'completed', completedAt: ago(2, 15), source: 'user',
  });
  await insertTask(db, estateOf['Harold Whitfield']!, {
    title: 'Replace the 1998 will with your current one', description: 'Your old will names an executor who has since passed away. Upload the signed new will when it is ready.',
    category: 'documents', priority: 'high', dueDate: dayFromNow(10), source: 'planner', suggestedBy: david.id, createdAt: ago(20),
  });

  // David's own to-do list.
  await db.insert(plannerTasks).values([
    { plannerId: david.id, estateId: estateOf['Harold Whitfield']!, title: 'Call Harold about his will', dueDate: dayFromNow(1), createdAt: ago(5) },
    { plannerId: david.id, estateId: estateOf['Rosa Delgado']!, title: 'Welcome call and first checklist', dueDate: dayFromNow(3), createdAt: ago(3) },
    { plannerId: david.id, estateId: ids.estateId, title: 'Review Margaret’s digital accounts list', dueDate: dayFromNow(5), createdAt: ago(8) },
    { plannerId: david.id, estateId: null, title: 'Renew professional liability insurance', dueDate: dayFromNow(21), createdAt: ago(12) },
    { plannerId: david.id, estateId: estateOf['Walter Brooks']!, title: 'Send Walter the recording of his life story', dueDate: dayFromNow(-4), completedAt: ago(3), createdAt: ago(15) },
  ]);

  // A recording session with Walter next week, and Linda asking for a document session.
  const [walter] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'walter.brooks@demo.heirloom.local'));
  const [linda] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'linda.okafor@demo.heirloom.local'));
  const at = (offset: number, hour: number) => {
    const d = new Date(now + offset * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  await insertAppointment(db, {
    requestedBy: david.id, requesterRole: 'legacy-planner', estateId: estateOf['Walter Brooks']!, attendeeUserId: walter!.id, attendeeName: 'Walter Brooks', attendeeRole: 'estate-owner',
    type: 'Memory Recording', durationMinutes: 120, startsAt: at(6, 15), status: 'confirmed', notes: 'Bring the photo albums from the 1970s.', createdAt: ago(2),
  });
  await insertAppointment(db, {
    requestedBy: linda!.id, requesterRole: 'estate-owner', estateId: estateOf['Linda Okafor']!, attendeeUserId: david.id, attendeeName: david.name, attendeeRole: 'legacy-planner',
    type: 'Document Review', durationMinutes: 60, startsAt: at(8, 17), status: 'pending', notes: 'I found the mortgage papers — can we go through them?', createdAt: ago(1),
  });

  // Linda wrote to David: an unread message (the New badge).
  const threadId = crypto.randomUUID();
  await db.insert(messages).values({
    id: threadId, threadId, senderId: linda!.id, recipientId: david.id, estateId: estateOf['Linda Okafor']!,
    subject: 'Question about the beneficiaries page',
    body: 'Hello David, Ngozi has not accepted her invitation yet. Should I send it again, or will it remind her by itself? Thank you, Linda',
    createdAt: ago(0, 8),
  });

  // An invitation still open (sent yesterday, reminder in two days) and one that ran out unanswered.
  await insertInvitation(db, {
    kind: 'planner-client', role: 'estate-owner', email: 'patricia.moore@example.com', invitedBy: david.id,
    data: { firstName: 'Patricia', lastName: 'Moore', phone: '+1 (555) 290-4418', relationship: 'Professional Planner', template: 'For Those with Health Concerns', includeCalendarLink: true, scheduleFollowUp: true },
    createdAt: ago(1), lastSentAt: ago(1), followUpDueAt: new Date(ago(1).getTime() + 3 * DAY), expiresAt: new Date(ago(1).getTime() + 14 * DAY),
  });
  await insertInvitation(db, {
    kind: 'planner-client', role: 'estate-owner', email: 'george.ibarra@example.com', invitedBy: david.id,
    data: { firstName: 'George', lastName: 'Ibarra', phone: '', relationship: 'Friend', template: 'For Reluctant Family Members', includeCalendarLink: false, scheduleFollowUp: false },
    createdAt: ago(30), lastSentAt: ago(30), expiresAt: ago(16),
  });
}
