import { randomBytes, createHash } from 'node:crypto';
import pg from 'pg';
import type { Role } from '../../src/core/roles.ts';

/** A signed-in browser: its cookie header and the CSRF token that mutations send back. */
export interface Session {
  cookie: string;
  csrfToken: string;
  /** The persona the session belongs to (owner-like or beneficiary-like load). */
  role: Role;
}

/** The session's cookies as a browser's cookie jar takes them (Playwright's addCookies), for `url`. */
export function browserCookies(session: Session, url: string): { name: string; value: string; url: string }[] {
  return session.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

const cookiesOf = (res: Response): string => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

/** Demo mode: one new session of the persona's seeded demo user (rate limited to 300 a minute). */
export async function demoSession(base: string, role: Role): Promise<Session> {
  const first = await fetch(`${base}/api/v1/auth/session`);
  const { csrfToken: anonymous } = (await first.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/v1/demo/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': anonymous, cookie: cookiesOf(first) },
    body: JSON.stringify({ persona: role }),
  });
  if (!res.ok) throw new Error(`demo sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  const cookie = cookiesOf(res);
  const csrfToken = /heirloom_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
  return { cookie, csrfToken, role };
}

/**
 * The large platform: sessions written straight into its database for the given users (the same
 * row sign-in writes: sha256 of the cookie token), so hundreds of users need no rate-limited sign-ins.
 */
export async function insertSessions(databaseUrl: string, users: { userId: string; role: Role }[]): Promise<Session[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sessions: Session[] = [];
    for (const user of users) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      await client.query(`INSERT INTO sessions (id, user_id, csrf_token, ip, user_agent) VALUES ($1, $2, $3, '127.0.0.1', 'heirloom-bench')`, [
        createHash('sha256').update(token).digest('hex'),
        user.userId,
        csrfToken,
      ]);
      sessions.push({ cookie: `heirloom_session=${token}; heirloom_csrf=${csrfToken}`, csrfToken, role: user.role });
    }
    return sessions;
  } finally {
    await client.end();
  }
}

/** Users of the large platform by email, with their id (the known accounts). */
export async function userIdsByEmail(databaseUrl: string, emails: string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1)', [emails]);
    return new Map(rows.map((r) => [r.email, r.id]));
  } finally {
    await client.end();
  }
}

/** Does the large platform exist (the bench database reachable and filled)? */
export async function largeDatabaseReady(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM (SELECT 1 FROM memories LIMIT 1000) m');
    return Number(rows[0]?.n) >= 100;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
