import { z } from 'zod';
import { zId } from './common.schemas.ts';

/**
 * Keyset cursors: the position of the last row a list page showed, written by the server and given
 * back as-is by the browser. A cursor the server did not write is bad input (400), never ignored.
 */
const NOT_OURS = 'Not a cursor this list gave: start from the first page';
// Exactly what Date#toISOString writes (no years past 9999, which the database refuses).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Newest-first lists: "<ISO instant>|<uuid>" of the last row. */
export const zTimeCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [at = '', id = '', ...rest] = raw.split('|');
    const when = new Date(at);
    if (!rest.length && ISO_INSTANT.test(at) && !Number.isNaN(when.getTime()) && when.toISOString() === at && zId.safeParse(id).success) return { at: when, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const timeCursorOf = (at: Date, id: string) => `${at.toISOString()}|${id}`;

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

export type TTimeCursor = z.output<typeof zTimeCursor>;
export type TNameCursor = z.output<typeof zNameCursor>;
