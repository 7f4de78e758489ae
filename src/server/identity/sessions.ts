import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { initialsOf } from '../../core/names.ts';
import { type TSessionUser } from '../../core/auth.schemas.ts';
import { SESSION_MAX_LIFETIME_HOURS } from '../../core/constants.ts';
import type { Role } from '../../core/roles.ts';
import type { Actor, Deps, RequestMeta } from '../context.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { sessions, userRoles, users } from '../db/schema/users.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';

export const SESSION_COOKIE = 'heirloom_session';
export const CSRF_COOKIE = 'heirloom_csrf';
/** lastSeenAt is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A request with this header set (to "1") is background work of the open page — a poller, the
 * timeout warning asking how long is left: it does not count as activity, so it never keeps an
 * idle session alive.
 */
export const BACKGROUND_HEADER = 'x-heirloom-background';
/** Sent on every signed-in API answer: seconds until the session ends if nothing else happens. */
export const IDLE_REMAINING_HEADER = 'x-session-idle-seconds';

export interface ActiveSession {
  actor: Actor;
  csrfToken: string;
  /** The user has TOTP on (the require-two-factor policy lets users without it only set it up). */
  twoFactorEnabled: boolean;
  /** Seconds of inactivity left before the session ends. */
  idleRemainingSeconds: number;
}

export type LoadedSession = ActiveSession | { expired: true } | null;

/**
 * A user's roles, the estate they own and the estates they are a beneficiary of, as columns of a query that selects from `users`. The outer
 * id is named in full: drizzle leaves single-table selects unqualified, and a bare "id" inside the
 * subquery would mean the estate's own id.
 */
const outerUserId = sql.raw('"users"."id"');
const accessOfUser = {
  roles: sql<Role[] | null>`(SELECT array_agg(${userRoles.role}::text ORDER BY ${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${outerUserId})`,
  estateId: sql<string | null>`(SELECT ${estates.id}::text FROM ${estates} WHERE ${estates.ownerId} = ${outerUserId} LIMIT 1)`,
  linkedEstateIds: sql<string[]>`coalesce((SELECT array_agg(DISTINCT ${beneficiaries.estateId}::text) FROM ${beneficiaries} WHERE ${beneficiaries.userId} = ${outerUserId}), '{}')`,
  estateActivatedAt: sql<Date | null>`(SELECT coalesce(${estates.activatedAt}, ${estates.updatedAt}) FROM ${estates} WHERE ${estates.ownerId} = ${outerUserId} AND ${estates.status} = 'active' LIMIT 1)`.mapWith(
    estates.activatedAt,
  ),
};

/** One round trip: the session, its user, their roles, the estate they own and the estates linked to them (issue 14); built once, run on every request. */
const sessionById = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users, ...accessOfUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('heirloom_session_by_id'),
);

export async function rolesOf(deps: Pick<Deps, 'db'>, userId: string): Promise<Role[]> {
  const rows = await deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

/**
 * Resolve a session cookie into an actor. A session ends (and the row goes) after the idle timeout,
 * after its absolute lifetime however busy it was kept, when its user is no longer active, and for
 * a demo user when demo mode is off.
 */
export async function loadSession(deps: Deps, token: string, options: { background?: boolean } = {}): Promise<LoadedSession> {
  const id = sha256(token);
  const [row] = await sessionById(deps.db).execute({ id });
  if (!row) return null;
  const now = deps.clock.now();
  const { sessionTimeoutMinutes } = await getSystemSettings(deps.db);
  const times = { lastSeenAt: row.session.lastSeenAt.getTime(), createdAt: row.session.createdAt.getTime() };
  const ended = outlived(times, now, sessionTimeoutMinutes) || row.user.status !== 'active' || (row.user.isDemo && !deps.config.demoMode);
  if (ended) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return { expired: true };
  }
  let lastSeen = row.session.lastSeenAt;
  if (touchDue(times, now, options.background)) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    await deps.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, row.user.id));
    lastSeen = now;
  }
  const actor: Actor = {
    userId: row.user.id,
    name: row.user.name,
    email: row.user.email,
    roles: row.roles ?? [],
    estateId: row.estateId,
    estateActivatedAt: row.estateActivatedAt,
    linkedEstateIds: row.linkedEstateIds,
    sessionId: id,
  };
  return {
    actor,
    csrfToken: row.session.csrfToken,
    twoFactorEnabled: Boolean(row.user.totpEnabledAt),
    idleRemainingSeconds: idleRemaining(sessionTimeoutMinutes, now, lastSeen.getTime()),
  };
}

function idleRemaining(timeoutMinutes: number, now: Date, lastSeenAt: number): number {
  return Math.max(0, Math.floor((timeoutMinutes * 60_000 - (now.getTime() - lastSeenAt)) / 1000));
}

interface SessionTimes {
  lastSeenAt: number;
  createdAt: number;
}

/** Idle past the timeout, or past its absolute lifetime however busy it was kept. */
function outlived(session: SessionTimes, now: Date, timeoutMinutes: number): boolean {
  return now.getTime() - session.lastSeenAt > timeoutMinutes * 60_000 || now.getTime() - session.createdAt > SESSION_MAX_LIFETIME_HOURS * 60 * 60_000;
}

/** Its last-seen time is due to be written (background requests never count as activity). */
function touchDue(session: SessionTimes, now: Date, background: boolean | undefined): boolean {
  return now.getTime() - session.lastSeenAt > TOUCH_EVERY_MS && !background;
}

/**
 * Start a session for a user: a new random token (rotated at every sign-in; the previous session
 * on this browser, if any, is ended), a new CSRF token, and the HttpOnly cookie.
 */
export async function startSession(
  deps: Deps,
  reply: FastifyReply,
  userId: string,
  meta: RequestMeta,
  previousToken: string | undefined,
): Promise<{ sessionId: string; csrfToken: string }> {
  if (previousToken) await deps.db.delete(sessions).where(eq(sessions.id, sha256(previousToken)));
  const token = randomToken();
  const csrfToken = randomToken();
  const now = deps.clock.now();
  const sessionId = sha256(token);
  await deps.db.insert(sessions).values({
    id: sessionId,
    userId,
    csrfToken,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
    createdAt: now,
    lastSeenAt: now,
  });
  await deps.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
  });
  reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'strict', secure: deps.config.cookieSecure });
  return { sessionId, csrfToken };
}

export async function endSession(deps: Deps, reply: FastifyReply, sessionId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** End every session of a user except (optionally) one — after a password change, for instance. */
export async function endOtherSessions(deps: Pick<Deps, 'db'>, userId: string, keepSessionId?: string): Promise<void> {
  await deps.db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export async function sessionUser(deps: Deps, userId: string): Promise<TSessionUser> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, ...accessOfUser })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error('user vanished');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    initials: initialsOf(user.name),
    roles: user.roles ?? [],
    estateId: user.estateId,
    estateActivatedAt: user.estateActivatedAt?.toISOString() ?? null,
  };
}

export function actorToSessionUser(actor: Actor): TSessionUser {
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    initials: initialsOf(actor.name),
    roles: actor.roles,
    estateId: actor.estateId,
    estateActivatedAt: actor.estateActivatedAt?.toISOString() ?? null,
  };
}
