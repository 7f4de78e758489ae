import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../test/helpers.ts';
import { sleep, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from './identity/sessions.ts';

/**
 * The real server process (main.ts under tsx) receives SIGTERM while requests are still arriving:
 * they finish with their normal answers, a GET meanwhile is dropped unanswered and a POST is served, then new
 * connections are refused, and the process exits 0.
 * The child gets a fresh copy of the template database of the test run's PostgreSQL (embedded or
 * DATABASE_URL's server).
 */

interface HeldRequest {
  /** Sends the rest of the body. */
  finish(): void;
  answer: Promise<{ status: number; body: string }>;
}

/**
 * A sign-up whose body arrives in two halves. It carries a session cookie the server does not
 * know, so its auth step reads the database, and a CSRF double-submit pair, so it is accepted.
 */
function holdSignUp(port: number, n: number): HeldRequest {
  const body = Buffer.from(JSON.stringify({ name: `Held ${n}`, email: `held-${n}@example.com`, password: 'a long enough passphrase 42' }));
  const csrf = randomBytes(16).toString('hex');
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/sign-up',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': body.length,
      cookie: `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}; ${CSRF_COOKIE}=${csrf}`,
      'x-csrf-token': csrf,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  req.write(body.subarray(0, body.length >> 1));
  return { answer, finish: () => req.end(body.subarray(body.length >> 1)) };
}

/** Everything the server sends back on a connection of its own for this request line, until it closes it. */
const answerTo = (port: number, requestLine: string) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
    socket.write(`${requestLine}\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`);
  });

const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('graceful shutdown of the server process', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-shutdown-'));
    const { url: databaseUrl } = await copyTemplateDatabase();
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  }, 150_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, refuses new connections, then exits 0', async () => {
    const held = [1, 2, 3].map((n) => holdSignUp(server.port, n));
    await sleep(1_000); // the server has their headers and half their bodies
    server.child.kill('SIGTERM');
    await sleep(100);

    // Step 0 (ADR 0088, 0113): still listening; a request a proxy may retry elsewhere has its
    // connection closed with no answer before any handler runs (never a 503: that is a dependency's
    // answer, which nginx passes on), a POST is still served.
    expect(await answerTo(server.port, 'GET /livez HTTP/1.1')).toBe('');
    expect(await answerTo(server.port, 'DELETE /api/v1/auth/session HTTP/1.1')).toBe('');
    const late = holdSignUp(server.port, 4);
    late.finish();
    expect((await late.answer).status).toBe(202);

    await sleep(1_000); // past SHUTDOWN_LIMITS.quietMs without a new connection: the listener closes
    expect(await connectionRefused(server.port)).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still waiting for the three

    for (const request of held) request.finish();
    const answers = await Promise.all(held.map((request) => request.answer));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ status: 'check-email' });

    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/after calling end on the pool|Cannot use a pool|PGlite is closed/i);
    expect(server.output()).toMatch(/"clean":true[^\n]*shutdown: database closed/);
  }, 60_000);
});
