import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwner } from '../factories/users.ts';
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

  it('redacts tokens in request paths and queries', async () => {
    lines.length = 0;
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0MTIzNDU2';
    await injectAs(t, null, 'GET', `/api/v1/invitations/${token}`);
    await injectAs(t, null, 'GET', `/api/v1/auth/session?token=short&next=/estate-owner`);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/invitations/[redacted]');
    expect(log).not.toContain(token);
    expect(log).toContain('token=[redacted]');
  });
});
