import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema/system.ts';

/** Audit actions that start a session with a password or a demo persona (sign-in.ts, demo-sign-in.ts). */
const SIGN_INS = sql`('auth.sign_in', 'auth.demo_sign_in')`;
/** The audit action of an account being made, which also starts its first session (sign-up.ts, accept-invitation.ts). */
const SIGN_UP = 'auth.sign_up';

/**
 * Whether the signed-in person has been here before this session (docs/decisions/0040), as one SQL
 * boolean to select beside other facts: a sign-in recorded for another session, or — when this
 * session began with a sign-in — the sign-up that made the account (its own first session). A first
 * visit, straight from sign-up, is not returning. Read from the audit log by its actor index; a
 * session appears there as `auditedSessionId` names it (lib/audit.ts); pass it so named.
 */
export function returningVisitorSql(userId: string | Placeholder, thisSession: string | Placeholder): SQL<boolean> {
  const any = (where: SQL) => sql`exists (select 1 from ${auditLog} where ${auditLog.actorUserId} = ${userId} and ${where})`;
  return sql<boolean>`(${any(sql`${auditLog.action} in ${SIGN_INS} and ${auditLog.targetId} is distinct from ${thisSession}`)}
    or (${any(sql`${auditLog.action} in ${SIGN_INS} and ${auditLog.targetId} = ${thisSession}`)} and ${any(sql`${auditLog.action} = ${SIGN_UP}`)}))`;
}
