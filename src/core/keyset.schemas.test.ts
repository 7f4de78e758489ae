import { describe, expect, it } from 'vitest';
import { encodeCursor, zCursor, type CursorField, type CursorValue } from './keyset.schemas.ts';

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = '2026-11-23T09:15:30.123456Z';
const NOT_OURS = 'Not a cursor this list gave: start from the first page';

/** What the list of key `fields` says of `raw`: its values, or the refusal's message. */
function read(fields: readonly CursorField[], raw: string): unknown {
  const result = zCursor(fields).safeParse(raw);
  return result.success ? result.data : result.error.issues.map((i) => i.message);
}
/** base64url of any text, as a forger would write it. */
const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('keyset cursors', () => {
  it.each<[string, CursorField[], CursorValue[]]>([
    ['a time to the microsecond, then an id', ['instant', 'id'], [AT, ID]],
    ['a time to the millisecond', ['instant', 'id'], ['2026-11-23T09:15:30.123Z', ID]],
    ['a name holding quotes, a separator and letters past ASCII', ['name', 'id'], ['Ellis | "Peggy" Zoë 🌹', ID]],
    ['a day, a time and an id', ['day', 'instant', 'id'], ['1994-07-16', AT, ID]],
    ['a search rank', ['rank', 'instant', 'id'], ['1e-05', AT, ID]],
    ['a serial id past 2^53, as text', ['instant', 'serial'], [AT, '9007199254740993']],
    ['ranks and a missing due day', ['ordinal', 'dueDay', 'ordinal', 'instant', 'id'], [1, 'infinity', 2, AT, ID]],
    ['a due day', ['dueDay', 'instant', 'id'], ['2031-05-05', AT, ID]],
    ['a due time, or none', ['ordinal', 'dueInstant', 'instant', 'id'], [0, '2027-01-01T09:00:00.123000Z', AT, ID]],
    ['no due time', ['ordinal', 'dueInstant', 'instant', 'id'], [0, 'infinity', AT, ID]],
  ])('reads back the cursor it wrote: %s', (_what, fields, values) => {
    const cursor = encodeCursor(values);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(read(fields, cursor)).toEqual(values);
  });

  it.each<[string, CursorField[], string]>([
    ['an empty string', ['instant', 'id'], ''],
    ['the old "<instant>|<uuid>" text', ['instant', 'id'], `${AT}|${ID}`],
    ['characters outside base64url', ['instant', 'id'], 'WyJ4Il0+/'],
    ['base64 that is not JSON', ['instant', 'id'], base64url('not json')],
    ['invalid UTF-8', ['name', 'id'], Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]).toString('base64url')],
    ['an object, not an array', ['instant', 'id'], base64url(JSON.stringify({ at: AT, id: ID }))],
    ['a field too few', ['instant', 'id'], encodeCursor([AT])],
    ['a field too many', ['instant', 'id'], encodeCursor([AT, ID, 'x'])],
    ['another list’s cursor of another shape', ['day', 'instant', 'id'], encodeCursor([AT, ID])],
    ['the fields in another order', ['instant', 'id'], encodeCursor([ID, AT])],
    ['an id that is not a uuid', ['instant', 'id'], encodeCursor([AT, '42'])],
    ['a date without a time', ['instant', 'id'], encodeCursor(['2026-11-23', ID])],
    ['an impossible day', ['instant', 'id'], encodeCursor(['2026-02-30T00:00:00.000Z', ID])],
    ['an impossible month', ['instant', 'id'], encodeCursor(['2026-13-01T00:00:00.000Z', ID])],
    ['a year the database refuses', ['instant', 'id'], encodeCursor(['+010000-01-01T00:00:00.000Z', ID])],
    ['seven fraction digits', ['instant', 'id'], encodeCursor(['2026-11-23T09:15:30.1234567Z', ID])],
    ['SQL in the time', ['instant', 'id'], encodeCursor(["2026-11-23T09:15:30.123Z'::timestamptz)--", ID])],
    ['an impossible calendar day', ['day', 'id'], encodeCursor(['2026-02-30', ID])],
    ['a calendar day with an impossible month', ['day', 'id'], encodeCursor(['2026-13-01', ID])],
    ['infinity where a day must be', ['day', 'id'], encodeCursor(['infinity', ID])],
    ['an impossible due day', ['dueDay', 'instant', 'id'], encodeCursor(['2031-02-30', AT, ID])],
    ['a day where a due time must be', ['ordinal', 'dueInstant', 'instant', 'id'], encodeCursor([0, '2027-01-01', AT, ID])],
    ['a rank in words', ['rank', 'instant', 'id'], encodeCursor(['0.1); drop table x', AT, ID])],
    ['a negative rank', ['rank', 'instant', 'id'], encodeCursor(['-1', AT, ID])],
    ['an ordinal of two digits', ['ordinal', 'dueDay', 'ordinal', 'instant', 'id'], encodeCursor([10, 'infinity', 0, AT, ID])],
    ['an ordinal as text', ['ordinal', 'dueDay', 'ordinal', 'instant', 'id'], encodeCursor(['1', 'infinity', 0, AT, ID])],
    ['a serial id of 0', ['instant', 'serial'], encodeCursor([AT, '0'])],
    ['a serial id of 19 digits', ['instant', 'serial'], encodeCursor([AT, '9'.repeat(19)])],
    ['a serial id as a number', ['instant', 'serial'], encodeCursor([AT, 5])],
    ['a name that is not text', ['name', 'id'], encodeCursor([7, ID])],
    ['padding', ['name'], `${encodeCursor(['x'])}=`],
    ['spaces in the JSON', ['instant', 'id'], base64url(JSON.stringify([AT, ID], null, 1))],
    ['oversize', ['name', 'id'], encodeCursor(['x'.repeat(2000), ID])],
  ])('refuses %s, in words', (_what, fields, raw) => {
    expect(read(fields, raw)).toEqual([NOT_OURS]);
  });

  it('refuses another spelling of a cursor it wrote (spare bits set)', () => {
    const cursor = encodeCursor(['x']);
    const respelt = cursor.replace(/0$/, '1');
    expect(Buffer.from(respelt, 'base64url').toString()).toBe('["x"]');
    expect(read(['name'], cursor)).toEqual(['x']);
    expect(read(['name'], respelt)).toEqual([NOT_OURS]);
  });

  it('keeps a name as long as the longest a list can sort by', () => {
    // A beneficiary's "First Last": two names of 120 characters, each 3 bytes in UTF-8.
    const name = `${'語'.repeat(120)} ${'語'.repeat(120)}`;
    expect(read(['name', 'id'], encodeCursor([name, ID]))).toEqual([name, ID]);
  });
});
