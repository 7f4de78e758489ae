import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMemory } from '../../../test/factories/memories.ts';
import { insertFamily, type Family } from '../../../test/factories/shared-content.ts';
import { insertOwner } from '../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../test/helpers.ts';
import type { Deps } from '../context.ts';
import { createChangeGeneration, mayHaveChanged } from '../db/change-generation.ts';
import { memories } from '../db/schema/memories.ts';
import { AdjustableClock } from '../lib/clock.ts';
import { readCachePlugin } from './read-cache.ts';

/**
 * ADR 0067: a signed-in GET answer (and the session behind it) is served again while nothing in the
 * database changed, for at most READ_CACHE_SECONDS. What a user must never see: another session's
 * answer, a change of their own not shown, access that was taken away still working.
 */
let t: TestApp;
let family: Family;
let ownerS: TestSession;
let viewerS: TestSession;
let memoryId: string;
let outside: pg.Client;

/** A change made by another process on the same database (a second server, psql): the app's pool never sees it. */
const renameOutside = (id: string, title: string) => outside.query('update memories set title = $1 where id = $2', [title, id]);
const titles = async (session: TestSession, url = '/api/v1/memories') => {
  const res = await injectAs(t, session, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { title: string }[]).map((m) => m.title);
};

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  ownerS = await sessionFor(t, family.owner);
  viewerS = await sessionFor(t, family.viewer);
  memoryId = (await insertMemory(t.app.deps, family.estateId, { title: 'Lake house', sharedWith: [family.viewerRow.id] })).id;
  outside = new pg.Client({ connectionString: t.databaseUrl });
  await outside.connect();
});
afterAll(async () => {
  await outside.end();
  await t.close();
});

const ttlMs = () => t.config.readCacheSeconds * 1000;

describe('read cache', () => {
  it('serves the same session the same answer while nothing changed; a change from another process shows once it ages out', async () => {
    expect(t.config.readCacheSeconds).toBeGreaterThan(0);
    expect(await titles(ownerS)).toEqual(['Lake house']);
    await renameOutside(memoryId, 'Lake house (renamed elsewhere)');
    // Served again: this process made no change, and the answer is younger than READ_CACHE_SECONDS.
    expect(await titles(ownerS)).toEqual(['Lake house']);
    t.clock.advance(ttlMs());
    expect(await titles(ownerS)).toEqual(['Lake house (renamed elsewhere)']);
    await t.db.update(memories).set({ title: 'Lake house' }).where(eq(memories.id, memoryId));
  });

  it("shows the session's own change at once, made through the API or by the app's own code", async () => {
    const before = await injectAs(t, ownerS, 'GET', '/api/v1/tasks');
    expect(before.statusCode).toBe(200);
    const created = await injectAs(t, ownerS, 'POST', '/api/v1/tasks', { title: 'Call the notary' });
    expect(created.statusCode, created.body).toBe(201);
    const after = await injectAs(t, ownerS, 'GET', '/api/v1/tasks');
    expect(after.json().items.map((task: { title: string }) => task.title)).toContain('Call the notary');

    await titles(ownerS);
    await t.db.update(memories).set({ title: 'Lake house, 1987' }).where(eq(memories.id, memoryId));
    expect(await titles(ownerS)).toEqual(['Lake house, 1987']);
  });

  it("never serves one session's answer to another, even for the same URL", async () => {
    const other = await insertOwner(t.db);
    const otherS = await sessionFor(t, other);
    expect(await titles(ownerS)).toEqual(['Lake house, 1987']);
    expect(await titles(otherS)).toEqual([]);
    expect(await titles(ownerS)).toEqual(['Lake house, 1987']);
  });

  it('takes access away at once: a beneficiary the owner removes sees nothing on the next read', async () => {
    const shared = '/api/v1/shared/memories';
    expect(await titles(viewerS, shared)).toEqual(['Lake house, 1987']);
    expect(await titles(viewerS, shared)).toEqual(['Lake house, 1987']);
    const removed = await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${family.viewerRow.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await injectAs(t, viewerS, 'GET', shared);
    expect(after.body).not.toContain('Lake house');
  });

  it('ends a signed-out session at once, though it was just used', async () => {
    const session = await sessionFor(t, family.owner);
    expect((await injectAs(t, session, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);
    expect((await injectAs(t, session, 'POST', '/api/v1/auth/sign-out')).statusCode).toBeLessThan(300);
    const after = await injectAs(t, session, 'GET', '/api/v1/dashboard');
    expect(after.statusCode).toBe(401);
  });

  it('still ends a session that idled past the timeout', async () => {
    const session = await sessionFor(t, family.owner);
    expect((await injectAs(t, session, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60_000);
    const after = await injectAs(t, session, 'GET', '/api/v1/dashboard');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('keeps no answer to a very long URL (a padded query string cannot fill memory)', async () => {
    const session = await sessionFor(t, family.owner);
    const recent = async (url: string) => {
      const res = await injectAs(t, session, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().recentMemories as { title: string }[]).map((m) => m.title);
    };
    const padded = `/api/v1/dashboard?pad=${'x'.repeat(2000)}`;
    const short = '/api/v1/dashboard?pad=x';
    expect(await recent(padded)).toEqual(['Lake house, 1987']);
    expect(await recent(short)).toEqual(['Lake house, 1987']);
    await renameOutside(memoryId, 'Seen at once');
    expect(await recent(padded)).toEqual(['Seen at once']);
    expect(await recent(short)).toEqual(['Lake house, 1987']);
    await t.db.update(memories).set({ title: 'Lake house, 1987' }).where(eq(memories.id, memoryId));
  });

  it('judges permission afresh: a cached answer is never a way past a refusal', async () => {
    // Fresh sessions: the clock has moved past the others' idle timeout.
    const owner = await sessionFor(t, family.owner);
    const viewer = await sessionFor(t, family.viewer);
    expect((await injectAs(t, owner, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);
    // The beneficiary asks for the owner's URL: their own permission decides, not the owner's cached answer.
    expect((await injectAs(t, viewer, 'GET', '/api/v1/dashboard')).statusCode).toBe(403);
    expect((await injectAs(t, null, 'GET', '/api/v1/dashboard')).statusCode).toBe(401);
  });
});

describe('read cache off (READ_CACHE_SECONDS=0)', () => {
  it('answers every read from the database', async () => {
    const off = await buildTestApp({ readCacheSeconds: 0 });
    const client = new pg.Client({ connectionString: off.databaseUrl });
    await client.connect();
    try {
      const owner = await insertOwner(off.db);
      const session = await sessionFor(off, owner);
      const id = (await insertMemory(off.app.deps, owner.estateId!, { title: 'Before' })).id;
      const read = async () => (await injectAs(off, session, 'GET', '/api/v1/memories')).json().items[0].title;
      expect(await read()).toBe('Before');
      await client.query('update memories set title = $1 where id = $2', ['After', id]);
      expect(await read()).toBe('After');
    } finally {
      await client.end();
      await off.close();
    }
  });
});

describe('the change generation', () => {
  const changesOf = () => t.database.changes.current();

  it('goes up after a statement that changed rows, not after reads or a change of no rows', async () => {
    let before = changesOf();
    await t.db.select().from(memories);
    await t.db.update(memories).set({ title: 'x' }).where(eq(memories.id, '00000000-0000-0000-0000-000000000000'));
    expect(changesOf()).toBe(before);
    await t.db.update(memories).set({ title: 'Lake house, 1987' }).where(eq(memories.id, memoryId));
    expect(changesOf()).toBeGreaterThan(before);
    before = changesOf();
    await t.database.execute('select 1');
    expect(changesOf()).toBe(before);
  });

  it('goes up when a transaction that changed something ends, also when it rolled back', async () => {
    const before = changesOf();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(memories).set({ title: 'Never kept' }).where(eq(memories.id, memoryId));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(changesOf()).toBeGreaterThan(before);
  });
});

describe('what counts as a change', () => {
  it('reads nothing into a plain SELECT; a row change, DDL, a writing function or an unknown result counts', () => {
    const select = { command: 'SELECT', rowCount: 3 };
    expect(mayHaveChanged('select "memories"."title", lower("users"."name") from "memories" where "memories"."id" = $1', select)).toBe(false);
    expect(mayHaveChanged('SELECT pgboss.create_queue($1, $2)', select)).toBe(true);
    expect(mayHaveChanged("select nextval('seq')", select)).toBe(true);
    expect(mayHaveChanged('with gone as (delete from t returning id) select count(*) from gone', select)).toBe(true);
    expect(mayHaveChanged('update t set a = 1', { command: 'UPDATE', rowCount: 0 })).toBe(false);
    expect(mayHaveChanged('update t set a = 1', { command: 'UPDATE', rowCount: 1 })).toBe(true);
    expect(mayHaveChanged('create table t (a int)', { command: 'CREATE', rowCount: null })).toBe(true);
    expect(mayHaveChanged('begin', { command: 'BEGIN', rowCount: null })).toBe(false);
    expect(mayHaveChanged('something', undefined)).toBe(true);
  });
});

describe('readCache routes', () => {
  it('refuses to start with readCache on a route that is not a signed-in GET', async () => {
    const app = Fastify();
    const deps = { database: { changes: createChangeGeneration() }, clock: new AdjustableClock(), config: { readCacheSeconds: 2 } } as unknown as Deps;
    await app.register(readCachePlugin, { deps });
    const declare = (method: 'get' | 'post', config: object) => () => app[method]('/api/v1/x', { config }, async () => ({}));
    expect(declare('post', { permission: 'create:task:own', readCache: true })).toThrow(/readCache is only for signed-in GET routes/);
    expect(declare('get', { public: true, readCache: true })).toThrow(/readCache is only for signed-in GET routes/);
    await app.close();
  });
});
