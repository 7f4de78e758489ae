import { eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD, type PERSONAS, personaFor } from '../../../core/personas.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';
import { feedback } from '../schema/admin.ts';
import { beneficiaries, estates, supportTeamMembers } from '../schema/estates.ts';
import { users } from '../schema/users.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import { tasks } from '../schema/tasks.ts';
import { seedAccounts } from './demo-accounts.ts';
import { seedAdmin } from './demo-admin.ts';
import { seedBeneficiary } from './demo-beneficiary.ts';
import { seedEstates } from './demo-estates.ts';
import { seedMessages } from './demo-messages.ts';
import { seedPlanner } from './demo-planner.ts';
import { seedPlans } from './demo-plans.ts';
import { seedReports } from './demo-reports.ts';
import { seedPlatform } from './demo-platform.ts';
import type { DemoIds } from './demo-users.ts';
import { seedVault, seedVaultFor, type SeedVault } from './demo-vault.ts';
import { loadConfig } from '../../config.ts';
import { blobKeysOfEstates, deleteBlobs } from '../../storage/stored-files.ts';

/**
 * Later issues add their domain's demo data here, each in its own file: (db, ids, vault) => Promise<void>.
 * `vault` is the file store, master key and clock, for seeders that store files or secrets.
 */
const DOMAIN_SEEDERS: ((db: Db, ids: DemoIds, vault: SeedVault) => Promise<void>)[] = [seedVault, seedMessages, seedPlans, seedBeneficiary, seedEstates, seedPlanner, seedAccounts, seedPlatform, seedAdmin, seedReports];

const demoUser = (role: (typeof PERSONAS)[number]['key'], extra: { phone: string }) => {
  const { name, email } = personaFor(role).sampleUser;
  return { name, email, isDemo: true, password: DEMO_PASSWORD, roles: [role], ...extra };
};

async function seedBase(db: Db): Promise<DemoIds> {
  const owner = await insertUser(db, { ...demoUser('estate-owner', { phone: '+1 (555) 201-4417' }), dateOfBirth: '1952-04-18' });
  const planner = await insertUser(db, demoUser('legacy-planner', { phone: '+1 (555) 310-8820' }));
  const beneficiary = await insertUser(db, { ...demoUser('beneficiary', { phone: '+1 (555) 442-1093' }), dateOfBirth: '1981-09-02' });
  const admin = await insertUser(db, demoUser('admin', { phone: '+1 (555) 600-1200' }));
  const administrator = await insertUser(db, demoUser('estate-administrator', { phone: '+1 (555) 730-5521' }));
  const estateId = owner.estateId!;
  await db.update(estates).set({ activationCondition: 'upon_death', releaseSchedule: 'all_at_once' }).where(eq(estates.id, estateId));
  await db.insert(tasks).values(ONBOARDING_TASKS.map((t) => ({ ...t, estateId, source: 'onboarding' })));

  const people = [
    { firstName: 'Emily', lastName: 'Ellis', relationship: 'Child', email: beneficiary.email, phone: '+1 (555) 442-1093', userId: beneficiary.id, dateOfBirth: '1981-09-02' },
    { firstName: 'James', lastName: 'Ellis', relationship: 'Child', email: 'james.ellis@example.com', phone: '+1 (555) 442-7781', dateOfBirth: '1984-01-23' },
    { firstName: 'Richard', lastName: 'Ellis', relationship: 'Spouse', email: 'richard.ellis@example.com', phone: '+1 (555) 201-4418', dateOfBirth: '1950-11-30' },
    { firstName: 'Sophie', lastName: 'Marsh', relationship: 'Sibling', email: 'sophie.marsh@example.com', phone: '+1 (555) 318-2290', accessMessages: false },
    { firstName: 'Grace', lastName: 'Ellis', relationship: 'Other Family', email: 'grace.ellis@example.com', phone: '+1 (555) 442-6610', accessDocuments: false },
  ];
  const ids: Record<string, string> = {};
  for (const p of people) {
    const row = await insertBeneficiary(db, estateId, { ...p, notes: '', invitedAt: new Date('2026-03-02T10:00:00Z'), acceptedAt: p.userId ? new Date('2026-03-03T09:12:00Z') : null });
    ids[p.firstName] = row.id;
  }
  const plannerMember = await insertSupportMember(db, estateId, {
    role: 'legacy-planner', name: planner.name, email: planner.email, phone: '+1 (555) 310-8820', userId: planner.id, acceptedAt: new Date('2026-02-14T15:00:00Z'),
  });
  const administratorMember = await insertSupportMember(db, estateId, {
    role: 'estate-administrator', name: administrator.name, email: administrator.email, phone: '+1 (555) 730-5521', userId: administrator.id, acceptedAt: new Date('2026-02-20T11:30:00Z'),
  });
  return {
    ownerId: owner.id,
    estateId,
    plannerId: planner.id,
    beneficiaryUserId: beneficiary.id,
    adminId: admin.id,
    estateAdministratorId: administrator.id,
    beneficiaries: ids,
    supportTeam: { plannerMemberId: plannerMember.id, administratorMemberId: administratorMember.id },
  };
}

/** `vault` defaults to the file store and master key of the environment's configuration. */
export async function seedDemo(db: Db, vault: SeedVault = seedVaultFor(loadConfig())): Promise<DemoIds> {
  const ids = await seedBase(db);
  for (const seed of DOMAIN_SEEDERS) await seed(db, ids, vault);
  return ids;
}

/** Remove every demo user (their estates and content cascade) so the demo can be seeded afresh. */
export async function resetDemo(db: Db, vault: SeedVault = seedVaultFor(loadConfig())): Promise<DemoIds> {
  const demo = await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
  if (demo.length) {
    const demoIds = demo.map((u) => u.id);
    // The demo estates' files go with them (rows by cascade, blobs here).
    const demoEstates = await db.select({ id: estates.id }).from(estates).where(inArray(estates.ownerId, demoIds));
    const blobs = await blobKeysOfEstates(db, demoEstates.map((e) => e.id));
    // Rows that point at demo users without cascading (links on other estates) are unlinked first.
    await db.update(beneficiaries).set({ userId: null }).where(inArray(beneficiaries.userId, demoIds));
    await db.update(supportTeamMembers).set({ userId: null }).where(inArray(supportTeamMembers.userId, demoIds));
    await db.delete(feedback).where(inArray(feedback.userId, demoIds)); // kept otherwise, without a sender
    await db.delete(users).where(inArray(users.id, demoIds));
    await deleteBlobs(vault, blobs);
  }
  return seedDemo(db, vault);
}

export async function seedDemoIfEmpty(db: Db, config: Pick<Config, 'demoMode' | 'dataDir' | 's3' | 'masterKey'>): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, personaFor('estate-owner').sampleUser.email));
  if (!existing) await seedDemo(db, seedVaultFor(config));
}
