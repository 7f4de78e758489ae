import { z } from 'zod';
import englandWales from './jurisdictions/england-wales.json' with { type: 'json' };
import usFederal from './jurisdictions/us-federal.json' with { type: 'json' };

/**
 * Settlement deadlines by jurisdiction (issue 28 item 4, ADR 0104). Each jurisdiction's rules are a
 * data file in ./jurisdictions/, validated here: what is due, in plain words, how its date follows
 * from the date of death, and the official page it comes from. Shown as guidance, never legal advice.
 *
 * Dates are ISO calendar days (YYYY-MM-DD) computed in UTC: no local time zone can shift a day.
 */

/** How a rule's due date follows from the date of death. */
export const ZRuleDue = z.discriminatedUnion('kind', [
  /** the date of death plus this many days */
  z.object({ kind: z.literal('days-after'), days: z.number().int().min(1).max(3660) }).strict(),
  /** the same day this many months later, or that month's last day when it has no such day */
  z.object({ kind: z.literal('months-after'), months: z.number().int().min(1).max(240) }).strict(),
  /** the last day of the month this many months after the month of death */
  z.object({ kind: z.literal('end-of-month-after'), months: z.number().int().min(1).max(240) }).strict(),
  /** this day of the year after the year of death (a 29 February in a common year: the 28th) */
  z.object({ kind: z.literal('next-year-on'), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).strict(),
]);
export type TRuleDue = z.infer<typeof ZRuleDue>;

const officialUrl = z.url({ protocol: /^https$/, message: 'A rule cites its official source as an https address' });

export const ZDeadlineRule = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'A rule key is lower-case words joined by hyphens' }),
    title: z.string().min(1).max(200),
    detail: z.string().min(1).max(2000),
    due: ZRuleDue,
    source: officialUrl,
  })
  .strict();
export type TDeadlineRule = z.infer<typeof ZDeadlineRule>;

export const ZJurisdictionRules = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1).max(100),
    /** what the rules leave out, shown above the timeline */
    note: z.string().min(1).max(1000),
    rules: z.array(ZDeadlineRule).min(1).max(50),
  })
  .strict()
  .refine((j) => new Set(j.rules.map((r) => r.key)).size === j.rules.length, { message: 'Each rule key appears once in its file' });
export type TJurisdictionRules = z.infer<typeof ZJurisdictionRules>;

/** Every jurisdiction shipped, in the order the form offers them. Add a file and a line here. */
export const JURISDICTION_FILES: readonly unknown[] = [usFederal, englandWales];

export const JURISDICTIONS: readonly TJurisdictionRules[] = JURISDICTION_FILES.map((file) => ZJurisdictionRules.parse(file));
export const JURISDICTION_KEYS = JURISDICTIONS.map((j) => j.key) as [string, ...string[]];

export const jurisdictionOf = (key: string): TJurisdictionRules | undefined => JURISDICTIONS.find((j) => j.key === key);

// ---- ISO calendar days, in UTC ----

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The year, month (1–12) and day of a valid YYYY-MM-DD; throws on anything else (31 February too). */
export function parseIsoDay(day: string): { y: number; m: number; d: number } {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new RangeError(`No such day: ${day}`);
  return { y, m, d };
}

/** Days in month `m` (1–12) of year `y`, leap years counted. */
export const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const { y, m, d } = parseIsoDay(day);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return isoOf(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** The same day `months` months later, clamped to that month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parseIsoDay(day);
  const index = y * 12 + (m - 1) + months;
  const [ty, tm] = [Math.floor(index / 12), (index % 12) + 1];
  return isoOf(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** The last day of the month `months` months after `day`'s month. */
export function endOfMonthAfter(day: string, months: number): string {
  const { y, m } = parseIsoDay(day);
  const index = y * 12 + (m - 1) + months;
  const [ty, tm] = [Math.floor(index / 12), (index % 12) + 1];
  return isoOf(ty, tm, daysInMonth(ty, tm));
}

/** Today's ISO day in UTC. */
export const isoDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** When a rule falls due for a death on `dateOfDeath` (YYYY-MM-DD). */
export function dueDateOf(due: TRuleDue, dateOfDeath: string): string {
  switch (due.kind) {
    case 'days-after':
      return addDays(dateOfDeath, due.days);
    case 'months-after':
      return addMonths(dateOfDeath, due.months);
    case 'end-of-month-after':
      return endOfMonthAfter(dateOfDeath, due.months);
    case 'next-year-on': {
      const y = parseIsoDay(dateOfDeath).y + 1;
      return isoOf(y, due.month, Math.min(due.day, daysInMonth(y, due.month)));
    }
  }
}

export interface ComputedDeadline {
  /** `<jurisdiction>:<rule key>`: what the estate's deadline row stores as rule_key */
  ruleKey: string;
  title: string;
  detail: string;
  sourceUrl: string;
  dueOn: string;
}

/** The jurisdiction's rule key as stored: unique across jurisdictions. */
export const storedRuleKey = (jurisdiction: string, key: string) => `${jurisdiction}:${key}`;

/**
 * Every rule of `jurisdiction` with its due date for a death on `dateOfDeath`, in due-date order
 * (then file order). Throws on an unknown jurisdiction or a date that is not a real day.
 */
export function deadlinesFor(jurisdiction: string, dateOfDeath: string): ComputedDeadline[] {
  const rules = jurisdictionOf(jurisdiction);
  if (!rules) throw new RangeError(`No rules for the jurisdiction ${jurisdiction}`);
  parseIsoDay(dateOfDeath);
  return rules.rules
    .map((rule) => ({ ruleKey: storedRuleKey(rules.key, rule.key), title: rule.title, detail: rule.detail, sourceUrl: rule.source, dueOn: dueDateOf(rule.due, dateOfDeath) }))
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
}
