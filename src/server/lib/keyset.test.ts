import { sql, type SQL } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { zCursor } from '../../core/keyset.schemas.ts';
import { afterCursor, afterCursorParts, ascending, descending, keysetPage, orderOf } from './keyset.ts';

const t = pgTable('t', { rank: integer('rank'), name: text('name'), at: timestamp('at', { withTimezone: true }), id: uuid('id') });
const dialect = new PgDialect();
const render = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return { sql: text, params };
};
const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = '2026-11-23T09:15:30.123456Z';

describe('keyset comparator', () => {
  it('compares keys that run the same way as one row value, the cursor as parameters', () => {
    expect(render(afterCursor(descending(t.at, t.id), [AT, ID]))).toEqual({ sql: '("t"."at", "t"."id") < ($1, $2)', params: [AT, ID] });
    expect(render(afterCursor(ascending(t.name, t.id), ['Ellis', ID]))).toEqual({ sql: '("t"."name", "t"."id") > ($1, $2)', params: ['Ellis', ID] });
  });

  it('takes an expression as a key', () => {
    const due = sql`coalesce(${t.at}, 'infinity')`;
    expect(render(afterCursor(ascending(due, t.id), ['infinity', ID]))?.sql).toBe(`(coalesce("t"."at", 'infinity'), "t"."id") > ($1, $2)`);
  });

  it('splits an order that changes direction into disjoint parts, in list order', () => {
    const order = [...ascending(t.rank, t.name), ...descending(t.at, t.id)] as const;
    const cursor = [1, 'Ellis', AT, ID] as const;
    expect(afterCursorParts(order, cursor).map((part) => render(part)?.sql)).toEqual([
      '(("t"."rank", "t"."name") = ($1, $2) and ("t"."at", "t"."id") < ($3, $4))',
      '("t"."rank", "t"."name") > ($1, $2)',
    ]);
    expect(render(afterCursor(order, cursor))?.sql).toBe(
      '((("t"."rank", "t"."name") = ($1, $2) and ("t"."at", "t"."id") < ($3, $4)) or ("t"."rank", "t"."name") > ($5, $6))',
    );
    expect(render(afterCursor([...descending(t.rank), ...ascending(t.name), ...descending(t.id)], [1, 'Ellis', ID]))?.sql).toBe(
      '((("t"."rank") = ($1) and ("t"."name") = ($2) and ("t"."id") < ($3)) or (("t"."rank") = ($4) and ("t"."name") > ($5)) or ("t"."rank") < ($6))',
    );
  });

  it('puts no condition on the first page, and orders by the same keys', () => {
    expect(afterCursor(descending(t.at, t.id), undefined)).toBeUndefined();
    expect(orderOf([...ascending(t.rank), ...descending(t.id)]).map((term) => render(term)?.sql)).toEqual(['"t"."rank" asc', '"t"."id" desc']);
  });
});

describe('keysetPage', () => {
  it('gives the cursor of the last row shown when there is one more, which the list reads back', () => {
    const rows = [
      { at: AT, id: ID },
      { at: '2026-11-23T09:15:30.123455Z', id: '00000000-0000-4000-8000-000000000000' },
      { at: '2026-11-23T09:15:30.123454Z', id: '00000000-0000-4000-8000-000000000001' },
    ];
    const { page, nextCursor } = keysetPage(rows, 2, (r) => [r.at, r.id]);
    expect(page).toEqual(rows.slice(0, 2));
    expect(zCursor(['instant', 'id']).parse(nextCursor)).toEqual([rows[1]!.at, rows[1]!.id]);
    expect(keysetPage(rows, 3, (r) => [r.at, r.id]).nextCursor).toBeNull();
  });
});
