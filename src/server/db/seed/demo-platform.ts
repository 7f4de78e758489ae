import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import type { Role } from '../../../core/roles.ts';
import type { Db } from '../client.ts';
import { estates, invitations } from '../schema/estates.ts';
import { tasks } from '../schema/tasks.ts';
import { users } from '../schema/users.ts';
import { DEMO_PASSWORD } from '../../../core/personas.ts';
import type { DemoIds } from './demo-users.ts';
import type { SeedVault } from './demo-vault.ts';

const DAY = 24 * 60 * 60 * 1000;

interface Person {
  name: string;
  roles: Role[];
  status?: 'active' | 'suspended' | 'invited';
  /** days ago the account was created, and last active (null: never) */
  joined: number;
  active: number | null;
  beneficiaries?: number;
  /** index into ADMINISTRATORS of who administers their estate */
  administeredBy?: number;
}

/** The platform's other estate administrators (the persona, Robert Hayes, is seeded with the family). */
const ADMINISTRATORS: Person[] = [
  { name: 'Angela Brooks', roles: ['estate-administrator'], joined: 290, active: 0.2 },
  { name: 'Victor Osei', roles: ['estate-administrator'], joined: 160, active: 3 },
  { name: 'Hannah Lindqvist', roles: ['estate-administrator'], status: 'invited', joined: 2, active: null },
];

const PEOPLE: Person[] = [
  { name: 'Marcus Webb', roles: ['admin'], joined: 330, active: 1 },
  { name: 'Eleanor Whitfield', roles: ['estate-owner'], joined: 310, active: 2, beneficiaries: 3, administeredBy: 0 },
  { name: 'George Okafor', roles: ['estate-owner'], joined: 295, active: 12, beneficiaries: 2, administeredBy: 0 },
  { name: 'Lucia Romano', roles: ['estate-owner'], joined: 270, active: 0.05, beneficiaries: 4, administeredBy: 1 },
  { name: 'Harold Finch', roles: ['estate-owner'], status: 'suspended', joined: 260, active: 45, beneficiaries: 1 },
  { name: 'Priscilla Dunn', roles: ['estate-owner', 'beneficiary'], joined: 240, active: 5, beneficiaries: 2, administeredBy: 1 },
  { name: 'Samuel Adeyemi', roles: ['legacy-planner'], joined: 230, active: 0.5 },
  { name: 'Mei Tanaka', roles: ['estate-owner'], joined: 215, active: 20, beneficiaries: 3 },
  { name: 'Oliver Grant', roles: ['beneficiary'], joined: 205, active: 9 },
  { name: 'Beatrice Moreau', roles: ['estate-owner'], joined: 190, active: 1.5, beneficiaries: 5, administeredBy: 0 },
  { name: 'Ravi Menon', roles: ['legacy-planner'], joined: 180, active: 4 },
  { name: 'Catherine Doyle', roles: ['estate-owner'], joined: 170, active: 33, beneficiaries: 1 },
  { name: 'Tobias Keller', roles: ['estate-owner'], joined: 150, active: 7, beneficiaries: 2, administeredBy: 1 },
  { name: 'Nadia Haddad', roles: ['beneficiary'], joined: 140, active: 60 },
  { name: 'Frank Delaney', roles: ['estate-owner'], status: 'suspended', joined: 130, active: 90, beneficiaries: 0 },
  { name: 'Ingrid Sorensen', roles: ['estate-owner'], joined: 120, active: 0.3, beneficiaries: 3 },
  { name: 'Jerome Baptiste', roles: ['legacy-planner'], status: 'suspended', joined: 110, active: 70 },
  { name: 'Amelia Hart', roles: ['estate-owner'], joined: 95, active: 2.5, beneficiaries: 2, administeredBy: 0 },
  { name: 'Kwame Mensah', roles: ['estate-owner'], joined: 80, active: 6, beneficiaries: 4 },
  { name: 'Rosalind Ortega', roles: ['estate-owner'], joined: 66, active: 0.1, beneficiaries: 1 },
  { name: 'Stefan Novak', roles: ['beneficiary'], joined: 54, active: 14 },
  { name: 'Ada Fitzgerald', roles: ['estate-owner'], joined: 41, active: 3, beneficiaries: 2 },
  { name: 'Leon Barrett', roles: ['legacy-planner'], joined: 30, active: 1 },
  { name: 'Yasmin Farouk', roles: ['estate-owner'], joined: 21, active: 0.8, beneficiaries: 1 },
  { name: 'Patrick Byrne', roles: ['estate-owner'], joined: 12, active: 2 },
  { name: 'Lena Vogel', roles: ['estate-owner'], joined: 6, active: 0.4, beneficiaries: 1 },
  { name: 'Miriam Cohen', roles: ['estate-owner'], status: 'invited', joined: 3, active: null },
  { name: 'Diego Alvarez', roles: ['legacy-planner'], status: 'invited', joined: 1, active: null },
];

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.heirloom.local`;
const FIRST_NAMES = ['Alice', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Hazel', 'Isaac'];
const RELATIONSHIPS = ['Child', 'Spouse', 'Sibling', 'Grandchild', 'Friend'];

/**
 * The platform the demo admin runs (issue 11): some thirty more accounts in every role and status —
 * owners with estates and beneficiaries, planners, estate administrators, suspended accounts and
 * people invited who have not accepted yet — joined over the past year, so Users and Estates page.
 */
export async function seedPlatform(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const now = vault.clock.now().getTime();
  // Invitations are not demo users' rows: the last seed's go before this one's are written.
  await db.delete(invitations).where(and(eq(invitations.kind, 'staff'), like(invitations.email, '%@demo.heirloom.local')));
  const administratorIds: string[] = [];
  for (const person of [...ADMINISTRATORS, ...PEOPLE]) {
    const status = person.status ?? 'active';
    const createdAt = new Date(now - person.joined * DAY);
    const user = await insertUser(db, {
      name: person.name,
      email: emailOf(person.name),
      roles: person.roles,
      isDemo: true,
      status,
      password: DEMO_PASSWORD,
      ...(status === 'invited' ? { passwordHash: null } : { emailVerifiedAt: createdAt }),
      lastActiveAt: person.active === null ? null : new Date(now - person.active * DAY),
      createdAt,
    });
    if (person.roles.includes('estate-administrator')) administratorIds.push(user.id);
    if (status === 'invited') {
      // its link was mailed and is not known here: a resend from Users mails a new one
      await db.insert(invitations).values({
        kind: 'staff',
        email: user.email,
        role: person.roles[0]!,
        estateId: user.estateId,
        targetId: user.id,
        invitedBy: ids.adminId,
        data: { inviteeName: person.name },
        expiresAt: new Date(createdAt.getTime() + 14 * DAY),
        lastSentAt: createdAt,
        createdAt,
      });
    }
    if (!user.estateId) continue;
    await db.update(estates).set({ createdAt, updatedAt: createdAt }).where(eq(estates.id, user.estateId));
    await db.insert(tasks).values(ONBOARDING_TASKS.map((t) => ({ ...t, estateId: user.estateId!, source: 'onboarding', createdAt, updatedAt: createdAt })));
    const surname = person.name.split(' ')[1] ?? 'Doe';
    for (let i = 0; i < (person.beneficiaries ?? 0); i++) {
      const first = FIRST_NAMES[(i + person.joined) % FIRST_NAMES.length]!;
      await insertBeneficiary(db, user.estateId, {
        firstName: first,
        lastName: surname,
        relationship: RELATIONSHIPS[i % RELATIONSHIPS.length]!,
        email: `${first}.${surname}.${user.estateId.slice(0, 6)}@example.com`.toLowerCase(),
      });
    }
    if (person.administeredBy !== undefined) {
      const administrator = ADMINISTRATORS[person.administeredBy]!;
      await insertSupportMember(db, user.estateId, {
        role: 'estate-administrator',
        name: administrator.name,
        email: emailOf(administrator.name),
        userId: administratorIds[person.administeredBy]!,
        acceptedAt: createdAt,
      });
    }
  }
  await db.update(users).set({ lastActiveAt: new Date(now - 0.01 * DAY) }).where(eq(users.id, ids.adminId));
  // The other demo accounts (the family, the estates in verification) were last seen a little while ago, not "never".
  await db
    .update(users)
    .set({ lastActiveAt: sql`${new Date(now)}::timestamptz - (abs(hashtext(${users.email})) % 7200) * interval '1 minute'` })
    .where(and(eq(users.isDemo, true), eq(users.status, 'active'), isNull(users.lastActiveAt)));
}
