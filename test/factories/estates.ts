import { faker } from '@faker-js/faker';
import { DEFAULT_ACCESS, RELATIONSHIPS, SUPPORT_TEAM_ROLES } from '../../src/core/constants.ts';
import type { Db } from '../../src/server/db/client.ts';
import { beneficiaries, supportTeamMembers } from '../../src/server/db/schema/estates.ts';

type BeneficiaryInsert = typeof beneficiaries.$inferInsert;

export function buildBeneficiary(estateId: string, overrides: Partial<BeneficiaryInsert> = {}): BeneficiaryInsert {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    estateId,
    firstName,
    lastName,
    relationship: faker.helpers.arrayElement(RELATIONSHIPS),
    email: faker.internet.email({ firstName, lastName: `${lastName}.${faker.string.alphanumeric(6)}` }).toLowerCase(),
    phone: faker.phone.number({ style: 'international' }),
    accessMemories: DEFAULT_ACCESS.memories,
    accessDocuments: DEFAULT_ACCESS.documents,
    accessMessages: DEFAULT_ACCESS.messages,
    accessBeneficiaries: DEFAULT_ACCESS.beneficiaries,
    accessDigitalLegacy: DEFAULT_ACCESS.digitalLegacy,
    ...overrides,
  };
}

export async function insertBeneficiary(db: Db, estateId: string, overrides: Partial<BeneficiaryInsert> = {}) {
  const [row] = await db.insert(beneficiaries).values(buildBeneficiary(estateId, overrides)).returning();
  return row!;
}

type SupportInsert = typeof supportTeamMembers.$inferInsert;

export async function insertSupportMember(db: Db, estateId: string, overrides: Partial<SupportInsert> = {}) {
  const name = faker.person.fullName();
  const [row] = await db
    .insert(supportTeamMembers)
    .values({
      estateId,
      role: faker.helpers.arrayElement(SUPPORT_TEAM_ROLES),
      name,
      email: faker.internet.email({ firstName: name, lastName: faker.string.alphanumeric(6) }).toLowerCase(),
      phone: faker.phone.number({ style: 'international' }),
      ...overrides,
    })
    .returning();
  return row!;
}
