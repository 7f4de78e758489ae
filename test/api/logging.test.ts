import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStoredFile, makePdf } from '../factories/files.ts';
import { insertOwner } from '../factories/users.ts';
import { serializeError } from '../../src/server/lib/log-serializers.ts';
import { createFileStore } from '../../src/server/storage/create-file-store.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../helpers.ts';

/** What the server log must never hold: query parameters (personal content, password hashes), tokens in paths. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'info' }, { logStream });
});
afterAll(async () => t.close());

describe('the server log', () => {
  it("logs a failing query with its SQL and the database's error code, but none of its parameters", async () => {
    const owner = await insertOwner(t.db, { name: 'Margaret Ellis' });
    const s = await sessionFor(t, owner);
    const secretName = 'Grandmother Secret-Name 7Q2';
    // Make the next write of this name fail inside the database (a check constraint that quotes the whole row).
    await t.database.execute(`ALTER TABLE users ADD CONSTRAINT log_test_refuses CHECK (name <> '${secretName}')`);
    try {
      lines.length = 0;
      const res = await injectAs(t, s, 'PATCH', '/api/v1/account', { name: secretName });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).not.toContain(secretName);
      const log = lines.join('\n');
      expect(log).toContain('unhandled error');
      expect(log).toContain('Failed query: update');
      expect(log).toContain('23514'); // check_violation: enough to debug
      expect(log).not.toContain(secretName);
      expect(log).not.toContain(owner.email);
      expect(log).not.toContain('$argon2id$');
      expect(log).not.toMatch(/params:/);
    } finally {
      await t.database.execute('ALTER TABLE users DROP CONSTRAINT log_test_refuses');
    }
  });

  it('redacts tokens in request paths and never logs a query string (search words, an email typed into a filter)', async () => {
    const owner = await insertOwner(t.db);
    const s = await sessionFor(t, owner);
    lines.length = 0;
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0MTIzNDU2';
    await injectAs(t, null, 'POST', '/api/v1/invitations/open', { token });
    // a token in a path (an old-style link, a client's mistake) is still never logged
    await injectAs(t, null, 'GET', `/api/v1/invitations/${token}`);
    await injectAs(t, null, 'GET', `/api/v1/auth/session?token=short&next=/estate-owner`);
    await injectAs(t, s, 'GET', '/api/v1/memories?q=ben%40example.org');
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/invitations/[redacted]');
    expect(log).not.toContain(token);
    expect(log).toContain('"url":"/api/v1/memories","route":"/api/v1/memories"');
    for (const userText of ['ben%40example.org', 'ben@example.org', 'token=', 'next=']) expect(log).not.toContain(userText);
  });

  it("logs the request's id as reqId: the proxy's X-Request-Id when it sent one", async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-4711' } });
    expect(res.headers['x-request-id']).toBe('edge-4711');
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((line) => line.reqId === 'edge-4711').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('a storage error in the log', () => {
  it("is logged as the file store's when a download fails there (the blob is gone from the disk)", async () => {
    const owner = await insertOwner(t.db);
    const s = await sessionFor(t, owner);
    const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: makePdf('Will'), mimeType: 'application/pdf', name: 'will.pdf', uploadedBy: owner.id });
    fs.rmSync(path.join(t.config.dataDir, 'files', 'estates', owner.estateId!, file.id));
    lines.length = 0;
    const res = await injectAs(t, s, 'GET', `/api/v1/files/${file.id}`);
    expect(res.statusCode).toBe(500);
    const [logged] = lines.map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> }).filter((line) => line.err);
    expect(logged?.msg).toBe('storage error');
    expect(logged?.err).toMatchObject({ code: 'ENOENT', storage: { kind: 'disk', operation: 'get' } });
    expect(logged?.err).not.toHaveProperty('database');
  });

  const failureOf = async (store: FileStore, action: (store: FileStore) => Promise<unknown>) => {
    const error = await action(store).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    return serializeError(error);
  };

  it('is a storage error, never a database one (a missing file on disk: ENOENT)', async () => {
    const logged = await failureOf(createFileStore({ dataDir: t.config.dataDir, s3: undefined }), (store) => store.get('estates/platform/no-such-file'));
    expect(logged).toMatchObject({ code: 'ENOENT', storage: { kind: 'disk', operation: 'get' } });
    expect(logged).not.toHaveProperty('database');
  });

  it('is a storage error, never a database one (S3 not answering: ECONNREFUSED)', async () => {
    const s3 = { endpoint: 'http://127.0.0.1:1', bucket: 'heirloom', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' };
    const logged = await failureOf(createFileStore({ dataDir: t.config.dataDir, s3 }), (store) => store.check());
    expect(logged).toMatchObject({ storage: { kind: 's3', operation: 'check' } });
    expect(logged).not.toHaveProperty('database');
  });
});
