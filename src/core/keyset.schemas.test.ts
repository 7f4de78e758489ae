import { describe, expect, it } from 'vitest';
import {
  datedCursorOf,
  dayCursorOf,
  dueCursorOf,
  futureMessageCursorOf,
  nameCursorOf,
  rankedCursorOf,
  serialTimeCursorOf,
  taskCursorOf,
  timeCursorOf,
  zDatedCursor,
  zDayCursor,
  zDueCursor,
  zFutureMessageCursor,
  zNameCursor,
  zRankedCursor,
  zSerialTimeCursor,
  zTaskCursor,
  zTimeCursor,
} from './keyset.schemas.ts';

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('keyset cursors', () => {
  it('reads back the time cursor the server wrote, to the microsecond or the millisecond', () => {
    expect(zTimeCursor.parse(timeCursorOf('2026-11-23T09:15:30.123456Z', ID))).toEqual({ at: '2026-11-23T09:15:30.123456Z', id: ID });
    expect(zTimeCursor.parse(timeCursorOf('2026-11-23T09:15:30.123Z', ID))).toEqual({ at: '2026-11-23T09:15:30.123Z', id: ID });
  });

  it.each([
    ['no separator', '2026-11-23T09:15:30.123Z'],
    ['not a uuid', '2026-11-23T09:15:30.123Z|42'],
    ['a date without time', `2026-11-23|${ID}`],
    ['a year the database refuses', `+010000-01-01T00:00:00.000Z|${ID}`],
    ['an impossible day', `2026-02-30T00:00:00.000Z|${ID}`],
    ['an impossible month', `2026-13-01T00:00:00.000Z|${ID}`],
    ['a third part', `2026-11-23T09:15:30.123Z|${ID}|x`],
    ['seven fraction digits', `2026-11-23T09:15:30.1234567Z|${ID}`],
    ['SQL in the time', `2026-11-23T09:15:30.123Z'::timestamptz)--|${ID}`],
  ])('refuses a time cursor with %s', (_what, raw) => {
    const result = zTimeCursor.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Not a cursor this list gave: start from the first page');
  });

  it('reads back a name cursor whose name holds the separator', () => {
    expect(zNameCursor.parse(nameCursorOf('Ellis | Margaret', ID))).toEqual({ id: ID, name: 'Ellis | Margaret' });
    expect(zNameCursor.safeParse(`Margaret|${ID}`).success).toBe(false);
  });

  it('reads back dated and ranked cursors, and refuses impossible dates and ranks in words', () => {
    const at = '2026-11-23T09:15:30.123456Z';
    expect(zDatedCursor.parse(datedCursorOf('1994-07-16', at, ID))).toEqual({ day: '1994-07-16', at, id: ID });
    expect(zRankedCursor.parse(rankedCursorOf('0.0607927', at, ID))).toEqual({ rank: '0.0607927', at, id: ID });
    expect(zRankedCursor.parse(rankedCursorOf('1e-05', at, ID)).rank).toBe('1e-05');
    for (const raw of [`1994-13-01|${at}|${ID}`, `1994-02-30|${at}|${ID}`, `1994-07-16|${ID}`, `x|${at}|${ID}`]) {
      expect(zDatedCursor.safeParse(raw).error?.issues[0]?.message, raw).toBe('Not a cursor this list gave: start from the first page');
    }
    for (const raw of [`-1|${at}|${ID}`, `0.1); drop table x|${at}|${ID}`, `${at}|${ID}`]) {
      expect(zRankedCursor.safeParse(raw).success, raw).toBe(false);
    }
  });

  it('reads back a day cursor and refuses one it did not write', () => {
    expect(zDayCursor.parse(dayCursorOf('2026-02-28', ID))).toEqual({ day: '2026-02-28', id: ID });
    for (const raw of ['2026-02-30|' + ID, `2026-02-28`, `2026-02-28|42`, `2026-02-28T00:00:00Z|${ID}`, `2026-02-28|${ID}|x`]) {
      expect(zDayCursor.safeParse(raw).success).toBe(false);
    }
  });

  it('refuses a day cursor with an impossible month in words, not with a thrown RangeError', () => {
    expect(zDayCursor.safeParse(`2026-13-01|${ID}`).error?.issues[0]?.message).toBe('Not a cursor this list gave: start from the first page');
  });

  it('reads back task and future-message cursors (a missing due date as infinity) and refuses others', () => {
    const at = '2026-11-23T09:15:30.123456Z';
    expect(zTaskCursor.parse(taskCursorOf(0, '2030-01-31', 2, at, ID))).toEqual({ status: 0, due: '2030-01-31', priority: 2, at, id: ID });
    expect(zTaskCursor.parse(taskCursorOf(1, 'infinity', 0, at, ID)).due).toBe('infinity');
    for (const raw of [`0|2030-02-30|1|${at}|${ID}`, `0|2030-13-01|1|${at}|${ID}`, `0|never|1|${at}|${ID}`, `10|2030-01-01|1|${at}|${ID}`, `0|2030-01-01|${at}|${ID}`, `${at}|${ID}`]) {
      expect(zTaskCursor.safeParse(raw).error?.issues[0]?.message, raw).toBe('Not a cursor this list gave: start from the first page');
    }
    expect(zFutureMessageCursor.parse(futureMessageCursorOf(0, '2027-01-01T09:00:00.123000Z', at, ID))).toEqual({ status: 0, due: '2027-01-01T09:00:00.123000Z', at, id: ID });
    expect(zFutureMessageCursor.parse(futureMessageCursorOf(1, 'infinity', at, ID)).due).toBe('infinity');
    for (const raw of [`0|2027-02-30T09:00:00.000Z|${at}|${ID}`, `0|2027-01-01|${at}|${ID}`, `x|infinity|${at}|${ID}`, `0|infinity|${ID}`, taskCursorOf(0, '2030-01-31', 2, at, ID)]) {
      expect(zFutureMessageCursor.safeParse(raw).success, raw).toBe(false);
      }
    });

  it('reads back a serial-id time cursor (the audit log’s bigint id, as text) and refuses anything else', () => {
    expect(zSerialTimeCursor.parse(serialTimeCursorOf('2026-11-23T09:15:30.123456Z', '9007199254740993'))).toEqual({ at: '2026-11-23T09:15:30.123456Z', id: '9007199254740993' });
    for (const raw of ['2026-11-23T09:15:30.123Z', `2026-11-23T09:15:30.123Z|${ID}`, '2026-11-23T09:15:30.123Z|0', '2026-11-23T09:15:30.123Z|-1', '2026-02-30T00:00:00.000Z|5', '2026-11-23T09:15:30.123Z|5|6', `2026-11-23T09:15:30.123Z|${'9'.repeat(19)}`]) {
      expect(zSerialTimeCursor.safeParse(raw).success, raw).toBe(false);
    }
  });

  it('reads back a due cursor, dated or undated, and refuses anything else', () => {
    expect(zDueCursor.parse(dueCursorOf('2031-05-05', '2026-11-23T09:15:30.123456Z', ID))).toEqual({ day: '2031-05-05', at: '2026-11-23T09:15:30.123456Z', id: ID });
    expect(zDueCursor.parse(dueCursorOf(null, '2026-11-23T09:15:30.123Z', ID))).toEqual({ day: null, at: '2026-11-23T09:15:30.123Z', id: ID });
    for (const raw of [`2026-11-23T09:15:30.123Z|${ID}`, `infinity|2026-11-23T09:15:30.123Z|${ID}`, `2031-02-30|2026-11-23T09:15:30.123Z|${ID}`, `-|2026-11-23T09:15:30.123Z|42`, `-|-|2026-11-23T09:15:30.123Z|${ID}`]) {
      expect(zDueCursor.safeParse(raw).success, raw).toBe(false);
    }
  });
});
