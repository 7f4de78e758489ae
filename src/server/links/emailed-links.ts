import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ACCOUNT_LINK_MINUTES, type TAccountTokenPurpose } from '../../core/account-links.schemas.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { emailedLinks } from '../db/schema/admin.ts';
import { AppError } from '../lib/app-error.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

/**
 * Every single-use link the system mails, in one table (emailed_links, ADR 0095 and 0106): only the
 * token's sha256 is stored, the token travels in the link's fragment, one guarded UPDATE uses it up,
 * and a link that cannot be used gets one refusal whatever the reason.
 */
export type LinkPurpose = TAccountTokenPurpose | 'check-in' | 'report-veto' | 'invitation' | 'sign-up' | 'legacy-export';
export type EmailedLinkRow = typeof emailedLinks.$inferSelect;
/** An invitation or a sign-up is mailed to an address with no account yet; every other link is an account's. */
type AccountlessPurpose = 'invitation' | 'sign-up';
const ACCOUNTLESS: readonly LinkPurpose[] = ['invitation', 'sign-up'] satisfies AccountlessPurpose[];
/** These open something other than the account: a report, an invitation or a sign-up, an archive. */
type TargetedPurpose = 'report-veto' | AccountlessPurpose | 'legacy-export';
const TARGETED: readonly LinkPurpose[] = ['report-veto', 'invitation', 'sign-up', 'legacy-export'] satisfies TargetedPurpose[];
/** A link row of purpose P, typed with what issueLink guarantees it holds: its account, its target. */
export type LinkRowOf<P extends LinkPurpose> = EmailedLinkRow &
  (P extends AccountlessPurpose ? unknown : { userId: string }) &
  (P extends TargetedPurpose ? { targetId: string } : unknown);
type LinkDeps = Pick<Deps, 'clock'> & { db: Db };

/** How long an emailed "I'm here" link works (a newer reminder's link replaces it sooner). */
export const CHECK_IN_LINK_DAYS = 30;
/** How long an emailed cancel link works (a new one comes with every daily reminder). */
export const VETO_LINK_HOURS = 48;

/**
 * How long each link works ('target': as long as the invitation, sign-up or archive it opens, which
 * the caller passes), and what a new one replaces: the user's or the target's earlier live links of
 * the purpose, or none.
 */
const ISSUE: Record<LinkPurpose, { minutes: number | 'target'; newestOnlyPer: 'user' | 'target' | null }> = {
  'password-reset': { minutes: ACCOUNT_LINK_MINUTES['password-reset'], newestOnlyPer: 'user' },
  'email-verify': { minutes: ACCOUNT_LINK_MINUTES['email-verify'], newestOnlyPer: 'user' },
  'email-change': { minutes: ACCOUNT_LINK_MINUTES['email-change'], newestOnlyPer: 'user' },
  'check-in': { minutes: CHECK_IN_LINK_DAYS * 24 * 60, newestOnlyPer: 'user' },
  // each daily reminder's cancel link lasts its own 48 hours
  'report-veto': { minutes: VETO_LINK_HOURS * 60, newestOnlyPer: null },
  // a resent invitation's link replaces the first; a reminder carries the same link
  invitation: { minutes: 'target', newestOnlyPer: 'target' },
  'sign-up': { minutes: 'target', newestOnlyPer: 'target' },
  // the download link on Settings replaces the emailed one
  'legacy-export': { minutes: 'target', newestOnlyPer: 'target' },
};

/** The link's name in the refusal, and what to do instead. */
const REFUSAL: Record<LinkPurpose, { name: string; instead: string }> = {
  'password-reset': { name: 'password reset', instead: 'Ask for a new one.' },
  'email-verify': { name: 'email confirmation', instead: 'Ask for a new one.' },
  'email-change': { name: 'email confirmation', instead: 'Ask for a new one.' },
  'check-in': { name: '"I\'m here"', instead: 'Sign in instead: signing in counts as checking in.' },
  'report-veto': { name: 'cancel', instead: 'Sign in and choose "Cancel this report" on your dashboard.' },
  invitation: { name: 'invitation', instead: 'Ask the person who invited you to send a new one.' },
  'sign-up': { name: 'sign-up', instead: 'Sign up again to get a new one.' },
  'legacy-export': { name: 'download', instead: 'Start a new export on Settings.' },
};

/** The one refusal for a link that is unknown, used, superseded, expired or of another purpose. */
export const linkNotValid = (purpose: LinkPurpose) =>
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

/** Whose links: an account's, or those that open one target (an invitation, a sign-up, an archive). */
export type LinkOwner = { userId: string } | { targetId: string };

/** The live links of this purpose of a user or a target stop working now. */
export async function expireLinks(deps: LinkDeps, owner: LinkOwner, purpose: LinkPurpose): Promise<void> {
  const now = deps.clock.now();
  const whose = 'userId' in owner ? eq(emailedLinks.userId, owner.userId) : eq(emailedLinks.targetId, owner.targetId);
  await deps.db
    .update(emailedLinks)
    .set({ expiresAt: now })
    .where(and(whose, eq(emailedLinks.purpose, purpose), isNull(emailedLinks.usedAt), gt(emailedLinks.expiresAt, now)));
}

/**
 * A new single-use link: only its sha256 is stored. ISSUE says how long it works (a link that opens
 * an invitation, a sign-up or an archive is given that target's expiry) and what it replaces.
 */
export async function issueLink(
  deps: LinkDeps,
  link: { purpose: LinkPurpose; userId?: string; targetId?: string; newEmail?: string | null; expiresAt?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const rule = ISSUE[link.purpose];
  const expiresAt = rule.minutes === 'target' ? link.expiresAt : new Date(now.getTime() + rule.minutes * 60_000);
  if (!expiresAt) throw new Error(`A ${link.purpose} link needs its target's expiry`);
  if (!link.userId && !ACCOUNTLESS.includes(link.purpose)) throw new Error(`A ${link.purpose} link is an account's`);
  if (!link.targetId && TARGETED.includes(link.purpose)) throw new Error(`A ${link.purpose} link needs its target`);
  if (rule.newestOnlyPer === 'user' && link.userId) await expireLinks(deps, { userId: link.userId }, link.purpose);
  if (rule.newestOnlyPer === 'target' && link.targetId) await expireLinks(deps, { targetId: link.targetId }, link.purpose);
  const token = randomToken();
  await deps.db.insert(emailedLinks).values({
    userId: link.userId ?? null,
    purpose: link.purpose,
    targetId: link.targetId ?? null,
    tokenHash: sha256(token),
    newEmail: link.newEmail ?? null,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/**
 * The link behind a token whatever its state (used, replaced, expired), or null: for a page that
 * says why an invitation cannot be accepted (accepted, cancelled, replaced) rather than only that
 * its link is not valid.
 */
export async function findLink<P extends LinkPurpose>(deps: LinkDeps, token: string, purpose: P): Promise<LinkRowOf<P> | null> {
  const [row] = await deps.db
    .select()
    .from(emailedLinks)
    .where(and(eq(emailedLinks.tokenHash, sha256(token)), eq(emailedLinks.purpose, purpose)));
  return (row as LinkRowOf<P> | undefined) ?? null;
}

const live = (token: string, purposes: readonly LinkPurpose[], now: Date) =>
  and(eq(emailedLinks.tokenHash, sha256(token)), inArray(emailedLinks.purpose, [...purposes]), isNull(emailedLinks.usedAt), gt(emailedLinks.expiresAt, now));

/** The live link behind a token, without using it (a page shown before its button); otherwise the refusal. */
export async function peekLink<P extends LinkPurpose>(deps: LinkDeps, token: string, purpose: P): Promise<LinkRowOf<P>> {
  const [row] = await deps.db.select().from(emailedLinks).where(live(token, [purpose], deps.clock.now()));
  if (!row) throw linkNotValid(purpose);
  return row as LinkRowOf<P>; // issueLink gives each purpose's link its account and target
}

/**
 * Use up a link, in the caller's transaction so that its effect commits with it or not at all: one
 * guarded UPDATE (unused, unexpired, of one of these purposes), so of several requests carrying the
 * same token at once exactly one gets the row; the others (and a link of another purpose) get the
 * refusal of the first purpose named.
 */
export async function claimLink<P extends LinkPurpose>(deps: LinkDeps, token: string, purposes: readonly [P, ...P[]]): Promise<LinkRowOf<P>> {
  const now = deps.clock.now();
  const [row] = await deps.db.update(emailedLinks).set({ usedAt: now }).where(live(token, purposes, now)).returning();
  if (!row) throw linkNotValid(purposes[0]);
  return row as LinkRowOf<P>;
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
