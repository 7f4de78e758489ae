import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ACCOUNT_LINK_MINUTES, type TAccountTokenPurpose } from '../../core/account-links.schemas.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { emailedLinks } from '../db/schema/admin.ts';
import { AppError } from '../lib/app-error.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

/**
 * Every single-use link mailed to a user, in one table (emailed_links, ADR 0095): only the token's
 * sha256 is stored, the token travels in the link's fragment, one guarded UPDATE uses it up, and a
 * link that cannot be used gets one refusal whatever the reason.
 */
export type LinkPurpose = TAccountTokenPurpose | 'check-in' | 'report-veto';
export type EmailedLinkRow = typeof emailedLinks.$inferSelect;
type LinkDeps = Pick<Deps, 'clock'> & { db: Db };

/** How long an emailed "I'm here" link works (a newer reminder's link replaces it sooner). */
export const CHECK_IN_LINK_DAYS = 30;
/** How long an emailed cancel link works (a new one comes with every daily reminder). */
export const VETO_LINK_HOURS = 48;

/** How long each link works, and whether a new one for the user stops their earlier live ones. */
const ISSUE: Record<LinkPurpose, { minutes: number; newestOnly: boolean }> = {
  'password-reset': { minutes: ACCOUNT_LINK_MINUTES['password-reset'], newestOnly: true },
  'email-verify': { minutes: ACCOUNT_LINK_MINUTES['email-verify'], newestOnly: true },
  'email-change': { minutes: ACCOUNT_LINK_MINUTES['email-change'], newestOnly: true },
  'check-in': { minutes: CHECK_IN_LINK_DAYS * 24 * 60, newestOnly: true },
  // each daily reminder's cancel link lasts its own 48 hours
  'report-veto': { minutes: VETO_LINK_HOURS * 60, newestOnly: false },
};

/**
 * The link's name in the refusal, and what to do instead. A pending sign-up is an invitation row (no
 * account exists yet to own a link), but its refusal is this one too.
 */
const REFUSAL: Record<LinkPurpose | 'sign-up', { name: string; instead: string }> = {
  'password-reset': { name: 'password reset', instead: 'Ask for a new one.' },
  'email-verify': { name: 'email confirmation', instead: 'Ask for a new one.' },
  'email-change': { name: 'email confirmation', instead: 'Ask for a new one.' },
  'check-in': { name: '"I\'m here"', instead: 'Sign in instead: signing in counts as checking in.' },
  'report-veto': { name: 'cancel', instead: 'Sign in and choose "Cancel this report" on your dashboard.' },
  'sign-up': { name: 'sign-up', instead: 'Sign up again to get a new one.' },
};

/** The one refusal for a link that is unknown, used, superseded, expired or of another purpose. */
export const linkNotValid = (purpose: LinkPurpose | 'sign-up') =>
  new AppError(ERROR_CODES.notFound, 404, `This ${REFUSAL[purpose].name} link is not valid, has expired or was already used. ${REFUSAL[purpose].instead}`);

/** Past the hourly limit of links for one account (429). */
export const tooManyLinks = (message: string) => new AppError(ERROR_CODES.rateLimited, 429, message);

/** Links of this purpose mailed to the user in the last hour (the per-account mail limit). */
export async function linksInLastHour(db: Db, userId: string, purpose: LinkPurpose, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailedLinks)
    .where(and(eq(emailedLinks.userId, userId), eq(emailedLinks.purpose, purpose), gt(emailedLinks.createdAt, new Date(now.getTime() - 60 * 60_000))));
  return Number(row?.n ?? 0);
}

/** The user's live links of this purpose stop working now. */
export async function expireLinks(deps: LinkDeps, userId: string, purpose: LinkPurpose): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(emailedLinks)
    .set({ expiresAt: now })
    .where(and(eq(emailedLinks.userId, userId), eq(emailedLinks.purpose, purpose), isNull(emailedLinks.usedAt), gt(emailedLinks.expiresAt, now)));
}

/** A new single-use link for a user: only its sha256 is stored (ISSUE says how long it works and whether it is the only live one). */
export async function issueLink(
  deps: LinkDeps,
  link: { userId: string; purpose: LinkPurpose; targetId?: string; newEmail?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const rule = ISSUE[link.purpose];
  if (rule.newestOnly) await expireLinks(deps, link.userId, link.purpose);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + rule.minutes * 60_000);
  await deps.db.insert(emailedLinks).values({
    userId: link.userId,
    purpose: link.purpose,
    targetId: link.targetId ?? null,
    tokenHash: sha256(token),
    newEmail: link.newEmail ?? null,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

const live = (token: string, purposes: readonly LinkPurpose[], now: Date) =>
  and(eq(emailedLinks.tokenHash, sha256(token)), inArray(emailedLinks.purpose, [...purposes]), isNull(emailedLinks.usedAt), gt(emailedLinks.expiresAt, now));

/** The live link behind a token, without using it (a page shown before its button); otherwise the refusal. */
export async function peekLink(deps: LinkDeps, token: string, purpose: LinkPurpose): Promise<EmailedLinkRow> {
  const [row] = await deps.db.select().from(emailedLinks).where(live(token, [purpose], deps.clock.now()));
  if (!row) throw linkNotValid(purpose);
  return row;
}

/**
 * Use up a link, in the caller's transaction so that its effect commits with it or not at all: one
 * guarded UPDATE (unused, unexpired, of one of these purposes), so of several requests carrying the
 * same token at once exactly one gets the row; the others (and a link of another purpose) get the
 * refusal of the first purpose named.
 */
export async function claimLink(deps: LinkDeps, token: string, purposes: readonly [LinkPurpose, ...LinkPurpose[]]): Promise<EmailedLinkRow> {
  const now = deps.clock.now();
  const [row] = await deps.db.update(emailedLinks).set({ usedAt: now }).where(live(token, purposes, now)).returning();
  if (!row) throw linkNotValid(purposes[0]);
  return row;
}

/** The address a link opens: the web path with the token in the fragment (never sent to a server). */
export function linkUrl(publicUrl: string, path: string, token: string): string {
  return new URL(`${path}#${token}`, publicUrl).toString();
}

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
