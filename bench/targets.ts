import pg from 'pg';
import type { Role } from '../src/core/roles.ts';
import { KNOWN } from './known.ts';
import { demoSession, insertSessions, userIdsByEmail, type Session } from './lib/sessions.ts';

export const PERSONAS: Role[] = ['estate-owner', 'beneficiary', 'estate-administrator', 'legacy-planner', 'admin'];
const KNOWN_BY_ROLE: Record<Role, string> = {
  'estate-owner': KNOWN.owner,
  beneficiary: KNOWN.beneficiary,
  'estate-administrator': KNOWN.administrator,
  'legacy-planner': KNOWN.planner,
  admin: KNOWN.admin,
};

/** One demo session per persona. */
export async function demoPersonaSessions(base: string): Promise<Partial<Record<Role, Session>>> {
  const sessions: Partial<Record<Role, Session>> = {};
  for (const role of PERSONAS) sessions[role] = await demoSession(base, role);
  return sessions;
}

/** The simulated users of the mixed load on the demo: half demo owners, half demo beneficiaries (demo sign-in, 300 a minute). */
export async function demoLoadSessions(base: string, users: number): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < users; i++) sessions.push(await demoSession(base, i % 2 ? 'beneficiary' : 'estate-owner'));
  return sessions;
}

/** One session per persona on the large platform: the known accounts (large estates). */
export async function largePersonaSessions(databaseUrl: string): Promise<Partial<Record<Role, Session>>> {
  const ids = await userIdsByEmail(databaseUrl, Object.values(KNOWN_BY_ROLE));
  const users = PERSONAS.flatMap((role) => {
    const userId = ids.get(KNOWN_BY_ROLE[role]);
    return userId ? [{ userId, role }] : [];
  });
  const sessions = await insertSessions(databaseUrl, users);
  return Object.fromEntries(sessions.map((s) => [s.role, s]));
}

/** The large platform's simulated users: distinct owners and beneficiary accounts (the known ones first), sessions inserted. */
export async function largeLoadSessions(databaseUrl: string, users: number): Promise<Session[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pick = async (role: Role, known: string, n: number) =>
      (
        await client.query<{ id: string }>(
          `SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = $1 ORDER BY (u.email = $2) DESC, u.id LIMIT $3`,
          [role, known, n],
        )
      ).rows.map((r) => ({ userId: r.id, role }));
    const owners = await pick('estate-owner', KNOWN.owner, Math.ceil(users / 2));
    const beneficiaries = await pick('beneficiary', KNOWN.beneficiary, Math.floor(users / 2));
    return await insertSessions(databaseUrl, [...owners, ...beneficiaries]);
  } finally {
    await client.end();
  }
}
