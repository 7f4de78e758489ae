import { z } from 'zod';
import { zId } from './common.schemas.ts';

/**
 * Keyset cursors: the position of the last row a list page showed, written by the server and given
 * back as-is by the browser. A cursor the server did not write is bad input (400), never ignored.
 */
const NOT_OURS = 'Not a cursor this list gave: start from the first page';
// What Date#toISOString writes, or PostgreSQL's microseconds (server/lib/keyset.ts cursorTime) — no
// years past 9999, which the database refuses.
/** A real calendar day written YYYY-MM-DD (Date.parse first: an impossible month is NaN, and toISOString of it would throw). */
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day);
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})?Z$/;

/** Whether `at` is an instant as the server writes them, and a real one. */
function realInstant(at: string): boolean {
  const millis = INSTANT.exec(at)?.[1];
  // Date.parse first: an impossible month is NaN, and toISOString of it would throw (a 500, not a 400).
  return millis !== undefined && !Number.isNaN(Date.parse(`${millis}Z`)) && new Date(`${millis}Z`).toISOString() === `${millis}Z`;
}

/**
 * Newest-first lists: "<instant>|<uuid>" of the last row. The instant stays text: a JavaScript Date
 * would drop the microseconds PostgreSQL stores, and rows of the same millisecond would be skipped.
 */
export const zTimeCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [at = '', id = '', ...rest] = raw.split('|');
    if (!rest.length && realInstant(at) && zId.safeParse(id).success) return { at, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
/** `at`: the row's time as server/lib/keyset.ts cursorTime selected it, to the microsecond. */
export const timeCursorOf = (at: string, id: string) => `${at}|${id}`;

/** Lists in name order: "<uuid>|<name>" of the last row (the name may itself hold a "|"). */
export const zNameCursor = z
  .string()
  .max(400)
  .transform((raw, ctx) => {
    const id = raw.slice(0, 36);
    if (raw.charAt(36) === '|' && zId.safeParse(id).success) return { id, name: raw.slice(37) };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const nameCursorOf = (name: string, id: string) => `${id}|${name}`;

/**
 * Lists ordered by a calendar day, newest first (a memory's date): "<YYYY-MM-DD>|<uuid>" of the last
 * row; rows of the same day follow in id order, so none is skipped or shown twice.
 */
export const zDayCursor = z
  .string()
  .max(100)
  .transform((raw, ctx) => {
    const [day = '', id = '', ...rest] = raw.split('|');
    if (!rest.length && isDay(day) && zId.safeParse(id).success) return { day, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const dayCursorOf = (day: string, id: string) => `${day}|${id}`;

export type TTimeCursor = z.output<typeof zTimeCursor>;
export type TDayCursor = z.output<typeof zDayCursor>;
export type TNameCursor = z.output<typeof zNameCursor>;

/**
 * Lists ordered by a calendar date, then a time, then the id (memories: date, createdAt, newest
 * first): "<YYYY-MM-DD>|<instant>|<uuid>" of the last row.
 */
export const zDatedCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [day = '', ...rest] = raw.split('|');
    const time = zTimeCursor.safeParse(rest.join('|'));
    if (isDay(day) && time.success) return { day, ...time.data };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const datedCursorOf = (day: string, at: string, id: string) => `${day}|${at}|${id}`;
export type TDatedCursor = z.output<typeof zDatedCursor>;

/** Most rows one page of any list may ask for. */
export const PAGE_SIZE_MAX = 100;
/** `limit` of a list's query: a whole number from 1 to PAGE_SIZE_MAX, `size` when left out. */
export const zPageSize = (size: number) =>
  z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, { message: `Ask for at most ${PAGE_SIZE_MAX} at a time` }).default(size);

/**
 * Search results, best match first, then newest: "<rank>|<instant>|<uuid>" of the last row. The rank
 * is PostgreSQL's real as text (it reads back to the same value).
 */
export const zRankedCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [rank = '', ...rest] = raw.split('|');
    const time = zTimeCursor.safeParse(rest.join('|'));
    if (/^\d+(\.\d+)?(e-?\d+)?$/.test(rank) && time.success) return { rank, ...time.data };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const rankedCursorOf = (rank: string, at: string, id: string) => `${rank}|${at}|${id}`;
export type TRankedCursor = z.output<typeof zRankedCursor>;

/**
 * Newest-first lists of rows with a serial (bigint) id, e.g. the audit log: "<instant>|<digits>" of
 * the last row. The id stays text: a bigint may pass 2^53.
 */
export const zSerialTimeCursor = z
  .string()
  .max(100)
  .transform((raw, ctx) => {
    const [at = '', id = '', ...rest] = raw.split('|');
    if (!rest.length && realInstant(at) && /^[1-9]\d{0,17}$/.test(id)) return { at, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const serialTimeCursorOf = (at: string, id: string | number) => `${at}|${id}`;
export type TSerialTimeCursor = z.output<typeof zSerialTimeCursor>;

/**
 * Soonest-first lists by an optional calendar day (undated last), then a time, then the id (a
 * planner's open tasks: due date, createdAt): "<YYYY-MM-DD or ->|<instant>|<uuid>" of the last row.
 */
export const zDueCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    if (raw.startsWith('-|')) {
      const time = zTimeCursor.safeParse(raw.slice(2));
      if (time.success) return { day: null, ...time.data };
    } else {
      const dated = zDatedCursor.safeParse(raw);
      if (dated.success) return dated.data;
    }
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const dueCursorOf = (day: string | null, at: string, id: string) => `${day ?? '-'}|${at}|${id}`;
export type TDueCursor = z.output<typeof zDueCursor>;

const isInstant = (at: string) => zTimeCursor.safeParse(`${at}|00000000-0000-4000-8000-000000000000`).success;
/** A sort rank the server computes (a status or a priority as 0, 1, 2 …). */
const isRank = (rank: string) => /^\d$/.test(rank);

/**
 * Tasks in their list order (ADR 0059): "<status rank>|<due day or infinity>|<priority rank>|<instant>|<uuid>"
 * of the last row — pending before completed, by due date (none last), priority, age, then id.
 */
export const zTaskCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [status = '', due = '', priority = '', ...rest] = raw.split('|');
    const time = zTimeCursor.safeParse(rest.join('|'));
    if (isRank(status) && (due === 'infinity' || isDay(due)) && isRank(priority) && time.success) {
      return { status: Number(status), due, priority: Number(priority), ...time.data };
    }
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const taskCursorOf = (status: number, due: string, priority: number, at: string, id: string) => `${status}|${due}|${priority}|${at}|${id}`;
export type TTaskCursor = z.output<typeof zTaskCursor>;

/**
 * Future messages in their list order (ADR 0059): "<status rank>|<due instant or infinity>|<instant>|<uuid>"
 * of the last row — scheduled, drafts, delivered; soonest due first (none last); then most recently
 * changed, then id.
 */
export const zFutureMessageCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [status = '', due = '', ...rest] = raw.split('|');
    const time = zTimeCursor.safeParse(rest.join('|'));
    if (isRank(status) && (due === 'infinity' || isInstant(due)) && time.success) return { status: Number(status), due, ...time.data };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const futureMessageCursorOf = (status: number, due: string, at: string, id: string) => `${status}|${due}|${at}|${id}`;
export type TFutureMessageCursor = z.output<typeof zFutureMessageCursor>;
