import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { CSRF_COOKIE } from '../identity/sessions.ts';
import { EMBEDDED_DATABASE, EMBEDDED_USER } from './embedded-postgres.ts';

/**
 * ADR 0083: the embedded PostgreSQL never outlives its server. The real server process (main.ts,
 * embedded database in a fresh data folder) is killed with kill -9 together with its watchdog, so
 * its PostgreSQL is left running; the next start stops it cleanly and runs its own, data intact.
 * Then kill -9 of the server alone: the watchdog ends PostgreSQL.
 */

const START_ROOM_MS = 150_000;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const parentOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};
const childrenOf = (pid: number) =>
  fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((p) => {
    try {
      return parentOf(p) === pid;
    } catch {
      return false;
    }
  });
const waitUntil = async (check: () => boolean, ms: number) => {
  for (const start = Date.now(); !check(); await sleep(50)) if (Date.now() - start > ms) return false;
  return true;
};

describe.skipIf(Boolean(process.env.DATABASE_URL) || os.platform() !== 'linux')('embedded PostgreSQL after kill -9 of its server (embedded only: skipped with DATABASE_URL)', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const postmaster = () => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const start = async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir }, START_ROOM_MS);
    servers.push(server);
    return server;
  };
  const email = `left-behind-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-orphan-'));
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    try {
      const pid = postmaster();
      if (alive(pid)) process.kill(pid, 'SIGINT');
      await waitUntil(() => !alive(pid), 30_000);
    } catch {
      // no postmaster.pid: nothing running
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a PostgreSQL left running is stopped and restarted by the next start; kill -9 of the server alone ends PostgreSQL', async () => {
    const first = await start();
    const csrf = randomBytes(16).toString('hex');
    const signUp = await fetch(`http://127.0.0.1:${first.port}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ name: 'Left Behind', email, password: 'a long enough passphrase 42' }),
    });
    expect(signUp.status).toBe(202);

    const leftBehind = postmaster();
    expect(parentOf(leftBehind)).toBe(first.child.pid);
    const watchdogs = childrenOf(first.child.pid!).filter((pid) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'sh');
    expect(watchdogs).toHaveLength(1);
    process.kill(watchdogs[0]!, 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exited;
    await sleep(500);
    expect(alive(leftBehind)).toBe(true);

    const second = await start();
    expect(second.output()).toContain(`stopping the server an earlier run left running (pid ${leftBehind})`);
    expect(alive(leftBehind)).toBe(false);
    const own = postmaster();
    expect(own).not.toBe(leftBehind);
    expect(parentOf(own)).toBe(second.child.pid);
    const client = new pg.Client({ host: path.join(dataDir, 'pg'), user: EMBEDDED_USER, database: EMBEDDED_DATABASE });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_emails WHERE "to" = $1', [email]);
    await client.end();
    expect(rows[0]?.n).toBe(1);

    second.child.kill('SIGKILL');
    await second.exited;
    expect(await waitUntil(() => !alive(own), 10_000)).toBe(true);
  }, 3 * START_ROOM_MS);
});
