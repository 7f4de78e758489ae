import { randomUUID } from 'node:crypto';
import { and, eq, exists, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { conditionTreesForTest, documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../access/policy.ts';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';
import { documents } from './schema/documents.ts';
import { beneficiaries } from './schema/estates.ts';
import { memories } from './schema/memories.ts';
import { futureMessages } from './schema/messages.ts';
import { sqlTemplate } from './sql-template.ts';

const db = drizzle.mock({ schema }) as unknown as Db;
const dialect = new PgDialect();
const render = (query: { getSQL(): ReturnType<typeof sql> }) => dialect.sqlToQuery(query.getSQL());

describe('sqlTemplate', () => {
  it('renders the access policy exactly as the condition tree does, for each viewer, inside a query with parameters of its own', () => {
    const estateId = randomUUID();
    const cases = [
      { table: memories, estate: memories.estateId, once: memoryVisibleSql, tree: conditionTreesForTest.memory },
      { table: documents, estate: documents.estateId, once: documentVisibleSql, tree: conditionTreesForTest.document },
      { table: futureMessages, estate: futureMessages.estateId, once: letterVisibleSql, tree: conditionTreesForTest.letter },
    ];
    for (const { table, estate, once, tree } of cases) {
      for (const userId of [randomUUID(), randomUUID()]) {
        const query = (condition: ReturnType<typeof sql>) => db.select({ one: sql`1` }).from(table).where(and(eq(estate, estateId), condition)).limit(7);
        const fromTemplate = render(query(once(db, userId)));
        expect(fromTemplate).toEqual(render(query(tree(db, userId))));
        // The viewer's id is a parameter, never part of the text.
        expect(fromTemplate.sql).not.toContain(userId);
        expect(fromTemplate.params).toContain(userId);
        expect(fromTemplate.params).toContain(estateId);
      }
    }
  });

  it('puts the value in every place the placeholder stood', () => {
    const owned = sqlTemplate((d, userId) =>
      and(
        eq(beneficiaries.userId, userId as unknown as string),
        exists(d.select({ one: sql`1` }).from(memories).where(and(eq(memories.createdBy, userId as unknown as string), eq(memories.shareAll, true)))),
        sql`${beneficiaries.notes} is distinct from ${userId}`,
      )!,
    );
    const userId = randomUUID();
    const { sql: text, params } = render(db.select().from(beneficiaries).where(owned(db, userId)));
    expect(params).toEqual([userId, userId, true, userId]);
    expect(text).toContain('"beneficiaries"."user_id" = $1');
    expect(text).toContain('is distinct from $4');
  });

  it('sends the value through the encoder of the column it is compared with, as the tree does', () => {
    const since = sqlTemplate((_d, at) => sql`${memories.createdAt} >= ${at}`, { comparedWith: memories.createdAt });
    const at = new Date('2026-11-24T10:00:00Z');
    const fromTemplate = render(db.select().from(memories).where(since(db, at)));
    expect(fromTemplate.params).toEqual(render(db.select().from(memories).where(sql`${memories.createdAt} >= ${sql.param(at, memories.createdAt)}`)).params);
    expect(fromTemplate.params[0]).not.toBe(at); // mapped for the driver, not the Date itself
  });

  it('refuses a condition with "$<digits>" in its text, which it could not tell from its parameters', () => {
    const odd = sqlTemplate((_d, userId) => sql`${beneficiaries.notes} = '$9' and ${beneficiaries.userId} = ${userId}`);
    expect(() => odd(db, randomUUID())).toThrow(/\$<digits>/);
  });
});
