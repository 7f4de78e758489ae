import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { LOCKOUT, SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../src/core/constants.ts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished as onExit } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client.ts';
import { futureMessages, messages } from '../../src/server/db/schema/messages.ts';
import { tasks } from '../../src/server/db/schema/tasks.ts';
import { insertAdmin } from '../factories/admin.ts';
import { makeMp4Head, makePdf, multipartBody } from '../factories/files.ts';
import { insertFutureMessage } from '../factories/future-messages.ts';
import { insertBeneficiaryUser, linkBeneficiary } from '../factories/shared-content.ts';
import { insertOwner, type InsertedUser } from '../factories/users.ts';
import { ERROR_CODES } from '../../src/core/errors.ts';
import { postgresTarget, startFreezableProxy, throughProxy, type FreezableProxy } from '../freezable-proxy.ts';
import { sleep } from '../server-process.ts';
import { CLIENT_A, CLIENT_B, Client, clientAddress, createDatabase, directRequest, FAIL_TIMEOUT_MS, request, startCluster, waitForOutput, type Cluster, type Reply } from './cluster.ts';
import { runLoad, type LoadResult } from './load.ts';

/**
 * Issue 25, item 5 (ADR 0088): two production instances behind the documented nginx config, on a
 * PostgreSQL server and s3rver. Run by `npm run test:cluster` (scripts/test-cluster.sh) on the
 * built server (dist/); not part of `npx vitest run`.
 */

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = process.env.CLUSTER_ROOT ?? path.join(os.tmpdir(), `heirloom-cluster-${process.pid}`);

let cluster: Cluster;
let database: Database;
let dropDatabase: () => Promise<void>;
/** Between the instances and PostgreSQL, so the test can take the database away from both (the test's own connection goes direct). */
let databaseLink: FreezableProxy;
const figures: string[] = [];

beforeAll(async () => {
  const created = await createDatabase(BASE_URL);
  dropDatabase = created.drop;
  databaseLink = await startFreezableProxy(postgresTarget(created.url));
  cluster = await startCluster({ databaseUrl: throughProxy(created.url, databaseLink.port), root: ROOT });
  database = openPostgres(created.url);
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  await databaseLink?.close();
  await database?.close();
  await dropDatabase?.();
  if (figures.length) console.log(`cluster figures:\n  ${figures.join('\n  ')}`);
});

const signedIn = async (from: string, user: InsertedUser) => {
  const client = new Client(from);
  expect((await client.signIn(user.email, user.password)).status).toBe(200);
  return client;
};

const sha256 = (bytes: Buffer) => `${createHash('sha256').update(bytes).digest('hex')}:${bytes.length}`;

/** The instance that served each reply (from the request id nginx gave it, found in that instance's log). */
const servers = (...replies: { requestId: string }[]) => replies.map((r) => cluster.servedBy(r.requestId));

const summary = (load: LoadResult) => `${load.requests} requests, ${load.errors.length} errors, ${JSON.stringify(load.byStatus)}`;

describe('two instances behind nginx', () => {
  it('both come up when started together on an empty database', async () => {
    const started = Date.now();
    await Promise.all(cluster.instances.map((instance) => waitForOutput(instance, 'Heirloom is running', 90_000)));
    figures.push(`both instances up on an empty database in ${Date.now() - started} ms (from the test's wait)`);
    for (const instance of cluster.instances) expect(instance.child.exitCode).toBeNull();
    // One applied every migration; the other waited for its lock and found nothing to do (ADR 0081, 0113).
    const said = cluster.instances.map((instance) => /"msg":"(database schema [^"]*)"/.exec(instance.output())?.[1] ?? '').sort();
    expect(said[0]).toMatch(/^database schema already up to date \(no migration to apply(; waited \d+\.\d s for another instance's migration lock)?\)$/);
    expect(said[1]).toMatch(/^database schema migrated: applied \d+ migrations \(0000_init … /);
    const ready = await Promise.all([request(CLIENT_A, '/readyz'), request(CLIENT_A, '/readyz')]);
    expect(ready.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(ready.map((r) => cluster.servedBy(r.requestId)))).toEqual(new Set([0, 1]));
  });

  it('signs in on one instance and acts on the other', async () => {
    const owner = await insertOwner(database.db);
    const client = new Client(CLIENT_A);
    const signIn = await client.signIn(owner.email, owner.password);
    expect(signIn.status).toBe(200);
    const create = await client.send('POST', '/api/v1/tasks', { json: { title: 'Call the notary' } });
    expect(create.status, create.body.toString()).toBe(201);
    const read = await client.send('GET', `/api/v1/tasks/${create.json<{ id: string }>().id}`);
    expect(read.status).toBe(200);
    const servers = [signIn, create, read].map((r) => cluster.servedBy(r.requestId));
    expect(servers.every((s) => s >= 0)).toBe(true);
    expect(new Set(servers).size).toBe(2);
  });

  it('a rolling restart under load, as docs/deploy.md describes: no client sees an error, none an answer of nginx', async () => {
    const owners = await Promise.all([0, 1, 2, 3].map(() => insertOwner(database.db)));
    const clients = await Promise.all(owners.map((owner) => signedIn(CLIENT_A, owner)));
    let finish!: () => void;
    const stop = new Promise<void>((resolve) => (finish = resolve));
    const load = runLoad(clients, 16, stop);
    const steps: string[] = [];
    try {
      await sleep(2000);
      // Upgrades, step 4: stop one (SIGTERM), start it again, wait for its /readyz 200, then nginx's
      // fail_timeout, then the next.
      for (const index of [0, 1]) {
        const victim = cluster.instances[index]!;
        const signalled = Date.now();
        victim.child.kill('SIGTERM');
        const code = await victim.exited;
        const exitedMs = Date.now() - signalled;
        expect(code).toBe(0);
        const steered = /"refused":(\d+),"ms":(\d+)/.exec(victim.output());
        const fresh = await cluster.restart(index);
        expect((await directRequest(fresh.port, '/readyz')).status).toBe(200);
        steps.push(`instance ${index + 1} exited after ${exitedMs} ms (${steered?.[1] ?? '?'} requests steered away in ${steered?.[2] ?? '?'} ms), ready again after ${Date.now() - signalled} ms`);
        await sleep(FAIL_TIMEOUT_MS + 1000);
      }
      finish();
      const result = await load;
      figures.push(`rolling restart under load: ${summary(result)}; ${steps.join('; ')}`);
      expect(result.errors).toEqual([]);
      expect(result.requests).toBeGreaterThan(200);
    } finally {
      finish();
      await load;
    }
  }, 150_000);

  it('a database outage: every answer is the app\'s JSON 503, and the first answers after it are 200', async () => {
    const owners = await Promise.all([0, 1].map(() => insertOwner(database.db)));
    const clients = await Promise.all(owners.map((owner) => signedIn(CLIENT_A, owner)));
    /** Reads and writes (signed in) and the health check, 8 at a time, for `ms`. */
    const traffic = async (ms: number) => {
      const replies: { what: string; reply: Reply }[] = [];
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: 8 }, async (_, n) => {
          for (let i = 0; Date.now() < until; i++) {
            const client = clients[n % 2]!;
            const kind = (n + i) % 3;
            const reply =
              kind === 0 ? await client.send('GET', '/api/v1/tasks?filter=all') : kind === 1 ? await client.send('POST', '/api/v1/tasks', { json: { title: `outage ${n}.${i}` } }) : await request(CLIENT_A, '/api/health');
            replies.push({ what: ['GET tasks', 'POST task', 'GET health'][kind]!, reply });
          }
        }),
      );
      return replies;
    };
    const describeReply = ({ what, reply }: { what: string; reply: Reply }) => `${what} ${reply.status} ${String(reply.headers['content-type'])} ${reply.body.toString().slice(0, 80)}`;
    // The app's 503: its error body, or the health check's own (`"database":"down"`).
    const appsUnavailable = ({ reply }: { reply: Reply }) =>
      reply.status === 503 && String(reply.headers['content-type']).startsWith('application/json') && (reply.body.toString().includes(`"${ERROR_CODES.unavailable}"`) || reply.body.toString().includes('"database":"down"'));

    await databaseLink.cut();
    let during: { what: string; reply: Reply }[];
    try {
      during = await traffic(4000);
    } finally {
      await databaseLink.restore();
    }
    const after = await traffic(3000);
    const html = [...during, ...after].filter(({ reply }) => String(reply.headers['content-type']).startsWith('text/html')).length;
    figures.push(`database outage: ${during.length} answers during it (${during.filter(appsUnavailable).length} the app's JSON 503), ${after.length} in the 3 s after (${after.filter(({ reply }) => reply.status < 300).length} 2xx), ${html} from nginx (HTML)`);
    expect(during.length).toBeGreaterThan(20);
    expect(during.filter((r) => !appsUnavailable(r)).map(describeReply)).toEqual([]);
    expect(after.filter(({ reply }) => reply.status >= 300).map(describeReply)).toEqual([]);
    for (const instance of cluster.instances) expect(instance.child.exitCode).toBeNull();
  }, 60_000);

  it('SIGKILL of one instance under load: no acknowledged write is lost and the survivor carries on', async () => {
    const owners = await Promise.all([0, 1, 2, 3].map(() => insertOwner(database.db)));
    const clients = await Promise.all(owners.map((owner) => signedIn(CLIENT_A, owner)));
    let finish!: () => void;
    const stop = new Promise<void>((resolve) => (finish = resolve));
    const load = runLoad(clients, 16, stop);
    await sleep(3000);
    onExit(async () => {
      await cluster.restart(1);
    });
    cluster.instances[1]!.child.kill('SIGKILL');
    await cluster.instances[1]!.exited;
    await sleep(1000);
    const afterKill = runLoad(clients, 4, sleep(3000));
    await sleep(3000);
    finish();
    const [during, after] = await Promise.all([load, afterKill]);
    figures.push(`SIGKILL under load: ${summary(during)}; after the kill: ${summary(after)}`);
    expect(after.errors).toEqual([]);
    expect(after.acknowledged.length).toBeGreaterThan(0);
    const acknowledged = [...during.acknowledged, ...after.acknowledged];
    const stored = await database.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
  }, 90_000);

  it('stores a document and a 100 MB video through one instance and serves both byte-identical from the other', async () => {
    const owner = await insertOwner(database.db);
    const client = await signedIn(CLIENT_A, owner);
    const pdf = makePdf('Last will', ['I leave the garden to Grace.']);
    const doc = multipartBody([{ name: 'title', value: 'Last will' }, { name: 'type', value: 'legal' }, { name: 'file', filename: 'will.pdf', data: pdf }]);
    const storedDoc = await client.send('POST', '/api/v1/documents', { body: doc.payload, headers: doc.headers });
    expect(storedDoc.status, storedDoc.body.toString()).toBe(201);
    const video = makeMp4Head(100 * 1024 * 1024);
    randomBytes(video.length - 4096).copy(video, 4096);
    const memory = multipartBody([{ name: 'data', value: JSON.stringify({ title: 'First steps', date: '1982-06-11' }) }, { name: 'video', filename: 'steps.mp4', data: video }]);
    const uploadStarted = Date.now();
    const storedVideo = await client.send('POST', '/api/v1/memories', { body: memory.payload, headers: memory.headers });
    const uploadMs = Date.now() - uploadStarted;
    expect(storedVideo.status, storedVideo.body.toString()).toBe(201);
    const docUrl = `/api/v1/files/${storedDoc.json<{ file: { id: string } }>().file.id}`;
    const videoUrl = storedVideo.json<{ media: { file: { url: string } }[] }>().media[0]!.file.url;
    // Each read from the instance that did not store it (round robin: try until the other one answers).
    for (const [url, bytes, storedBy] of [[docUrl, pdf, servers(storedDoc)[0]], [videoUrl, video, servers(storedVideo)[0]]] as const) {
      let read = await client.send('GET', url, { hashOnly: true });
      // nginx may send a few in a row to one instance (after a long upload it can take that one out of turn): a bounded number of tries
      for (let tries = 1; tries < 6 && servers(read)[0] === storedBy; tries++) read = await client.send('GET', url, { hashOnly: true });
      expect(servers(read)[0]).not.toBe(storedBy);
      expect(read.status).toBe(200);
      expect(read.body.toString()).toBe(sha256(bytes));
    }
    figures.push(`100 MB video uploaded through nginx in ${uploadMs} ms`);
  }, 120_000);

  /** Each change on one instance, then at once (the next request, round robin) a read on the other. */
  it('sign-out, suspension, revoked access and unsharing hold at once on the other instance (0 stale answers)', async () => {
    const stale: string[] = [];
    const check = (what: string, change: { requestId: string }, read: { requestId: string; status: number }, fresh: (status: number) => boolean) => {
      const [changedOn, readOn] = servers(change, read);
      expect(changedOn).not.toBe(readOn);
      if (!fresh(read.status)) stale.push(`${what}: ${read.status}`);
    };
    const admin = await signedIn(clientAddress(1), await insertAdmin(database.db));
    for (let round = 0; round < 5; round++) {
      const from = clientAddress(2 + round); // four sign-ins a round: each round within the per-address limit
      const owner = await insertOwner(database.db);
      const client = await signedIn(from, owner);
      await client.send('GET', '/api/v1/account');
      await client.send('GET', '/api/v1/account');
      const kept = new Client(from).withCookies(client.cookies);
      const signOut = await client.send('POST', '/api/v1/auth/sign-out');
      check('signed-out cookie read', signOut, await kept.send('GET', '/api/v1/account'), (s) => s === 401);
      const write = await kept.send('PATCH', '/api/v1/account', { json: { name: 'After sign-out' } });
      if (write.status !== 401) stale.push(`signed-out cookie write: ${write.status}`);

      const victim = await insertOwner(database.db);
      const victimClient = await signedIn(from, victim);
      await victimClient.send('GET', '/api/v1/account');
      await victimClient.send('GET', '/api/v1/account');
      const suspend = await admin.send('PATCH', `/api/v1/admin/users/${victim.id}`, { json: { status: 'suspended' } });
      expect(suspend.status, suspend.body.toString()).toBe(200);
      check('suspended user read', suspend, await victimClient.send('GET', '/api/v1/account'), (s) => s === 401 || s === 403);

      const reader = await insertBeneficiaryUser(database.db);
      const row = await linkBeneficiary(database.db, owner.estateId!, reader);
      const ownerClient = await signedIn(from, owner);
      const pdf = makePdf(`Deed ${round}`);
      const doc = multipartBody([{ name: 'title', value: `Deed ${round}` }, { name: 'type', value: 'legal' }, { name: 'file', filename: 'deed.pdf', data: pdf }]);
      const created = await ownerClient.send('POST', '/api/v1/documents', { body: doc.payload, headers: doc.headers });
      const documentId = created.json<{ id: string }>().id;
      expect((await ownerClient.send('PUT', `/api/v1/documents/${documentId}/share`, { json: { all: true, beneficiaryIds: [], release: 'now' } })).status).toBe(200);
      const readerClient = await signedIn(from, reader);
      const lists = (r: { body: Buffer }) => r.body.toString().includes(documentId);
      expect(lists(await readerClient.send('GET', '/api/v1/shared/documents'))).toBe(true);
      expect(lists(await readerClient.send('GET', '/api/v1/shared/documents'))).toBe(true);
      const unshare = await ownerClient.send('PUT', `/api/v1/documents/${documentId}/share`, { json: { all: false, beneficiaryIds: [], release: 'now' } });
      const afterUnshare = await readerClient.send('GET', '/api/v1/shared/documents');
      check('unshared document listed', unshare, afterUnshare, () => !lists(afterUnshare));

      expect((await ownerClient.send('PUT', `/api/v1/documents/${documentId}/share`, { json: { all: true, beneficiaryIds: [], release: 'now' } })).status).toBe(200);
      expect(lists(await readerClient.send('GET', '/api/v1/shared/documents'))).toBe(true);
      expect(lists(await readerClient.send('GET', '/api/v1/shared/documents'))).toBe(true);
      const revoke = await ownerClient.send('PATCH', `/api/v1/beneficiaries/${row.id}`, { json: { access: { documents: false } } });
      expect(revoke.status, revoke.body.toString()).toBe(200);
      const afterRevoke = await readerClient.send('GET', '/api/v1/shared/documents');
      check('document listed after access revoked', revoke, afterRevoke, () => !lists(afterRevoke));
    }
    expect(stale).toEqual([]);
  }, 120_000);

  it('a future message due while both run is delivered exactly once', async () => {
    const owner = await insertOwner(database.db);
    const reader = await insertBeneficiaryUser(database.db);
    const row = await linkBeneficiary(database.db, owner.estateId!, reader);
    const message = await insertFutureMessage(database.db, owner.estateId!, row.id, { status: 'scheduled', dueAt: new Date(Date.now() + 2000) });
    const started = Date.now();
    for (; Date.now() - started < 150_000; await sleep(1000)) {
      const [state] = await database.db.select({ status: futureMessages.status }).from(futureMessages).where(eq(futureMessages.id, message.id));
      if (state?.status === 'delivered') break;
    }
    figures.push(`future message delivered ${Date.now() - started} ms after it was due`);
    await sleep(3000); // a second delivery, if any, would have landed by now
    const delivered = await database.db.select().from(messages).where(eq(messages.futureMessageId, message.id));
    expect(delivered.length).toBe(1);
  }, 180_000);

  it('wrong passwords from one client address over both instances: its limit and the account lock are counted once; another address signs in', async () => {
    const victim = await insertOwner(database.db);
    const attacker = new Client(clientAddress(0));
    const attempts = [];
    for (let i = 0; i < LOCKOUT.maxFailures; i++) attempts.push(await attacker.signIn(victim.email, `wrong-${i}`));
    expect(attempts.map((a) => a.status)).toEqual(attempts.map(() => 401));
    expect(new Set(servers(...attempts))).toEqual(new Set([0, 1]));
    expect((await attacker.signIn(victim.email, victim.password)).status).toBe(401); // locked, even with the right password
    // The rest of the per-address sign-in limit, spread over both instances, then one more.
    const spent = LOCKOUT.maxFailures + 1;
    for (let i = spent; i < SIGN_IN_RATE_LIMIT_PER_MINUTE; i++) expect((await attacker.signIn(`nobody-${i}@example.org`, 'guess')).status).toBe(401);
    expect((await attacker.signIn('nobody@example.org', 'guess')).status).toBe(429);
    const other = await insertOwner(database.db);
    expect((await new Client(CLIENT_B).signIn(other.email, other.password)).status).toBe(200);
  });
});
