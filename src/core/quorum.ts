/**
 * The trustee quorum with succession and the veto window (issue 13, items 2 and 3) as pure rules.
 * The server (modules/release-safeguards) stores the asks and applies what `planQuorum` says; the
 * gate in transition-estate.ts asks `quorumReached`.
 *
 * - The person who reported never counts: they are skipped in the line (a false report cannot be
 *   confirmed by the one who made it). With fewer other trustees than M, all of them are needed.
 * - The first M in line are asked; each has the response time. One who does not answer in time is
 *   passed over and the next in line is asked in their place.
 * - A denial is an answer: that trustee is not asked again, the next in line is asked for the
 *   missing confirmation, and the estate administrator is alerted (the server does that).
 * - When the line is exhausted (nobody left to ask, nobody still to answer, quorum not reached), a
 *   new round starts from the top with everyone who neither confirmed nor denied; confirmations
 *   already given still count. If nobody is left at all (everyone else denied), the report stays
 *   stuck before verification: nothing skips the quorum.
 */

import { timeZoneOffsetMs, wallTimeToUtc } from './time-zones.ts';

export const HOUR_MS = 60 * 60 * 1000;

export type TrusteeAnswer = 'confirmed' | 'denied';

export interface Ask {
  userId: string;
  round: number;
  dueAt: Date;
  answer: TrusteeAnswer | null;
  passedOver: boolean;
}

export interface QuorumInput {
  /** The trustees' user ids, first in line first. */
  line: readonly string[];
  /** The user who made the report (null when their account is gone). */
  reporterId: string | null;
  /** The owner's M (at most N). */
  required: number;
  asks: readonly Ask[];
  now: Date;
  responseHours: number;
}

export interface QuorumPlan {
  /** Confirmations needed (0: no trustee to ask, no quorum step). */
  needed: number;
  confirmations: number;
  reached: boolean;
  /** Pending asks whose deadline has passed: mark them passed over. */
  passOver: Ask[];
  /** Trustees to ask now, in this round, each until dueAt. */
  ask: { userId: string; round: number; dueAt: Date }[];
  /** A new round started from the top (the line was exhausted): alert the estate administrator. */
  newRound: boolean;
  /** Nobody is left who could confirm: alert the estate administrator; nothing moves. */
  stuck: boolean;
}

/** Trustees who may count towards the quorum: everyone in line but the reporter. */
export function eligibleTrustees(line: readonly string[], reporterId: string | null): string[] {
  return line.filter((id) => id !== reporterId);
}

/** Confirmations a report needs: M, or all the other trustees when fewer than M remain. */
export function quorumNeeded(line: readonly string[], reporterId: string | null, required: number): number {
  return Math.min(Math.max(required, 1), eligibleTrustees(line, reporterId).length);
}

/** Distinct eligible trustees who confirmed (a second answer by the same person never counts twice). */
export function confirmationsOf(asks: readonly Ask[], line: readonly string[], reporterId: string | null): number {
  const eligible = new Set(eligibleTrustees(line, reporterId));
  return new Set(asks.filter((a) => a.answer === 'confirmed' && eligible.has(a.userId)).map((a) => a.userId)).size;
}

export function quorumReached(needed: number, asks: readonly Ask[], line: readonly string[], reporterId: string | null): boolean {
  return confirmationsOf(asks, line, reporterId) >= needed;
}

const isPending = (a: Ask) => a.answer === null && !a.passedOver;

/** What to do now for one report: who is passed over, who is asked next, whether the line ran out. */
export function planQuorum(input: QuorumInput): QuorumPlan {
  const { line, reporterId, required, asks, now, responseHours } = input;
  const eligible = eligibleTrustees(line, reporterId);
  const needed = quorumNeeded(line, reporterId, required);
  const confirmations = confirmationsOf(asks, line, reporterId);
  const base = { needed, confirmations, passOver: [], ask: [], newRound: false, stuck: false };
  if (confirmations >= needed) return { ...base, reached: true };

  const passOver = asks.filter((a) => isPending(a) && a.dueAt.getTime() <= now.getTime());
  const pending = asks.filter((a) => isPending(a) && a.dueAt.getTime() > now.getTime());
  const answered = (answer: TrusteeAnswer) => new Set(asks.filter((a) => a.answer === answer).map((a) => a.userId));
  const confirmed = answered('confirmed');
  const denied = answered('denied');
  const open = needed - confirmations - pending.length;
  let round = asks.reduce((max, a) => Math.max(max, a.round), 0) || 1;
  const askedInRound = new Set(asks.filter((a) => a.round === round).map((a) => a.userId));
  let next = eligible.filter((id) => !askedInRound.has(id) && !confirmed.has(id) && !denied.has(id));
  let newRound = false;
  if (open > 0 && next.length === 0 && pending.length === 0) {
    next = eligible.filter((id) => !confirmed.has(id) && !denied.has(id));
    if (next.length === 0) return { ...base, passOver, reached: false, stuck: true };
    round += 1;
    newRound = asks.length > 0;
  }
  const dueAt = new Date(now.getTime() + responseHours * HOUR_MS);
  const ask = open > 0 ? next.slice(0, open).map((userId) => ({ userId, round, dueAt })) : [];
  return { ...base, passOver, ask, reached: false, newRound };
}

/**
 * When the veto window of a report made at `reportedAt` ends: `days` calendar days later at the
 * same wall-clock time in `timeZone` (so a window across a daylight-saving change still ends at the
 * hour the owner expects; it is then 23 or 25 hours longer or shorter than days × 24 h).
 */
export function vetoWindowEnd(reportedAt: Date, days: number, timeZone: string): Date {
  const local = new Date(reportedAt.getTime() + timeZoneOffsetMs(reportedAt, timeZone));
  const end = wallTimeToUtc(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() + days, local.getUTCHours(), local.getUTCMinutes(), timeZone);
  return new Date(end.getTime() + local.getUTCSeconds() * 1000 + local.getUTCMilliseconds());
}

export function windowOver(windowEndsAt: Date, now: Date): boolean {
  return now.getTime() >= windowEndsAt.getTime();
}

const DAY_MS = 24 * HOUR_MS;
const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

/**
 * "7 days left", "3 hours left": the one count of what is left of a waiting period, for the server's
 * refusals and every screen. With a day or more left it counts calendar days (UTC, as the dates are
 * shown), so a window ending on 4 December reads "7 days left" all through 27 November — never
 * "6 days" a minute after the report (issue 24 item 10); under a day, hours (rounded up).
 */
export function timeLeftWords(windowEndsAt: Date, now: Date): string {
  const left = windowEndsAt.getTime() - now.getTime();
  if (left >= DAY_MS) {
    const days = utcDay(windowEndsAt) - utcDay(now);
    return `${days} day${days === 1 ? '' : 's'} left`;
  }
  const hours = Math.max(1, Math.ceil(left / HOUR_MS));
  return `${hours} hour${hours === 1 ? '' : 's'} left`;
}

const utcTime = (at: Date) => `${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/** "Nothing can be released before 1 Dec 2026, 10:00 UTC — 5 days left". */
export function countdownWords(windowEndsAt: Date, now: Date): string {
  const when = `${windowEndsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}, ${utcTime(windowEndsAt)}`;
  if (windowEndsAt.getTime() <= now.getTime()) return `The waiting period ended on ${when}.`;
  return `Nothing can be released before ${when} — ${timeLeftWords(windowEndsAt, now)}`;
}

/** The estate administrator's line instead of Activate while the window runs: "Can be activated on 4 December 2026 at 10:00 UTC (7 days left)". */
export function activationOpensWords(windowEndsAt: Date, now: Date): string {
  const day = windowEndsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `Can be activated on ${day} at ${utcTime(windowEndsAt)} (${timeLeftWords(windowEndsAt, now)})`;
}
