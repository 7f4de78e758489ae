import { faker } from '@faker-js/faker';
import type { Role } from '../../src/core/roles.ts';
import type { Db } from '../../src/server/db/client.ts';
import { estates } from '../../src/server/db/schema/estates.ts';
import { userRoles, users } from '../../src/server/db/schema/users.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

type UserInsert = typeof users.$inferInsert;

export function buildUser(overrides: Partial<UserInsert> = {}): UserInsert {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  return {
    name: `${first} ${last}`,
    email: faker.internet.email({ firstName: first, lastName: `${last}.${faker.string.alphanumeric(6)}` }).toLowerCase(),
    phone: faker.phone.number({ style: 'international' }),
    ...overrides,
  };
}

// Hashing is deliberately slow; factories reuse one hash of the default password.
let defaultHash: Promise<string> | null = null;
const hashFor = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password);

export interface InsertedUser {
  id: string;
  email: string;
  name: string;
  password: string;
  roles: Role[];
  estateId: string | null;
}

/** A user with roles (and an estate when one of them is estate-owner). */
export async function insertUser(
  db: Db,
  options: Partial<UserInsert> & { roles?: Role[]; password?: string } = {},
): Promise<InsertedUser> {
  const { roles = ['estate-owner'], password = DEFAULT_PASSWORD, ...overrides } = options;
  const values = buildUser({ passwordHash: await hashFor(password), ...overrides });
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insertUser failed');
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  let estateId: string | null = null;
  if (roles.includes('estate-owner')) {
    const [estate] = await db.insert(estates).values({ ownerId: user.id }).returning({ id: estates.id });
    estateId = estate!.id;
  }
  return { id: user.id, email: user.email, name: user.name, password, roles, estateId };
}

export const insertOwner = (db: Db, overrides: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, { roles: ['estate-owner'], ...overrides });
