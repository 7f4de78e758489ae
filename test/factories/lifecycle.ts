import type { Db } from '../../src/server/db/client.ts';
import { insertBeneficiary, insertSupportMember } from './estates.ts';
import { insertOwner, insertUser, type InsertedUser } from './users.ts';

/** An estate with a linked beneficiary and its estate administrator (all with accounts). */
export async function insertEstateWithTeam(db: Db, ownerOverrides: Parameters<typeof insertOwner>[1] = {}) {
  const owner = await insertOwner(db, ownerOverrides);
  const reporter = await insertUser(db, { roles: ['beneficiary'] });
  const beneficiary = await insertBeneficiary(db, owner.estateId!, { userId: reporter.id, relationship: 'Daughter', email: reporter.email });
  const administrator = await insertUser(db, { roles: ['estate-administrator'] });
  await administrate(db, owner, administrator);
  return { owner, reporter, beneficiary, administrator };
}

/** Puts a user on an estate's support team as its estate administrator. */
export async function administrate(db: Db, owner: InsertedUser, administrator: InsertedUser) {
  return insertSupportMember(db, owner.estateId!, {
    role: 'estate-administrator',
    userId: administrator.id,
    name: administrator.name,
    email: administrator.email,
    acceptedAt: new Date(),
  });
}
