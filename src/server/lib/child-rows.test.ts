import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { userRoles, users } from '../db/schema/users.ts';
import { subselect } from './child-rows.ts';

describe('subselect', () => {
  it('names the outer table in a single-table select, where drizzle would leave "id" to mean the inner table’s', () => {
    const db = drizzle.mock();
    const inner = sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`;
    const bare = db.select({ id: users.id, roles: inner }).from(users).toSQL().sql;
    const wrapped = db.select({ id: users.id, roles: subselect(inner) }).from(users).toSQL().sql;
    expect(bare).toContain('where "user_id" = "id"');
    expect(wrapped).toContain('where "user_roles"."user_id" = "users"."id"');
  });
});
