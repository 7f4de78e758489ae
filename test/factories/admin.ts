import type { Db } from '../../src/server/db/client.ts';
import { insertUser } from './users.ts';

export const ADMIN_USERS = '/api/v1/admin/users';
export const ADMIN_ESTATES = '/api/v1/admin/estates';
export const ADMIN_CANDIDATES = '/api/v1/admin/estate-administrators';

export const insertAdmin = (db: Db, overrides: Parameters<typeof insertUser>[1] = {}) => insertUser(db, { roles: ['admin'], ...overrides });

let n = 0;
/** An address no other test uses. */
export const freshEmail = (name = 'invitee') => `${name}.${Date.now().toString(36)}${(n++).toString(36)}@example.com`;
