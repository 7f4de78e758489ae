/**
 * Does a long-running server upload slower than a fresh one? (issue 14: a 500 MB upload ran at
 * 0.64–1.0 of the ceiling on a fresh process but 0.28–0.35 after 25 minutes of load.)
 *
 * Against a server already running in demo mode (e.g. `PORT=4500 DATA_DIR=/tmp/soak node
 * --trace-gc dist/server/src/server/main.js --demo`, to see its collections):
 *   1. times one upload of SOAK_MB (a video memory) on the fresh process;
 *   2. runs SOAK_MINUTES of read load (dashboard and memories list, 20 connections);
 *   3. times the same upload again, and prints both with the server's RSS (SOAK_PID given).
 * The ratio after/fresh should be close to 1. Nothing is asserted.
 *   SOAK_URL=http://127.0.0.1:4500 SOAK_MINUTES=5 SOAK_MB=500 SOAK_PID=<pid> npx tsx bench/soak-upload.ts
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';

const BASE = process.env.SOAK_URL ?? 'http://127.0.0.1:4500';
const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const MB = Number(process.env.SOAK_MB ?? 500);
const PID = process.env.SOAK_PID;

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

async function signIn(): Promise<{ cookie: string; csrf: string }> {
  const first = await fetch(`${BASE}/api/v1/auth/session`);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/v1/demo/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookiesOf(first) },
    body: JSON.stringify({ persona: 'estate-owner' }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  const cookie = cookiesOf(res);
  const session = (await (await fetch(`${BASE}/api/v1/auth/session`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, csrf: session.csrfToken };
}

/** An MP4 `ftyp` box (what the server sniffs) followed by random bytes. */
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]);
const BLOCK = randomBytes(1024 * 1024);

async function upload(auth: { cookie: string; csrf: string }): Promise<{ seconds: number; mbPerSecond: number; status: number }> {
  const boundary = `----soak${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ title: 'Soak upload', date: '2020-01-01' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="soak.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield preamble;
    yield MP4_HEAD;
    for (let i = 0; i < MB; i++) yield i === 0 ? BLOCK.subarray(MP4_HEAD.length) : BLOCK;
    yield epilogue;
  }
  const started = performance.now();
  const res = await fetch(`${BASE}/api/v1/memories`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: auth.cookie, 'x-csrf-token': auth.csrf },
    body: Readable.toWeb(Readable.from(body())),
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, mbPerSecond: MB / seconds, status: res.status };
}

const rssMb = () => {
  if (!PID) return 'n/a';
  const line = fs.readFileSync(`/proc/${PID}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS'));
  return line ? `${Math.round(Number(line.split(/\s+/)[1]) / 1024)} MB` : 'n/a';
};

const auth = await signIn();
const rows: Record<string, string | number>[] = [];
const record = (phase: string, r: Awaited<ReturnType<typeof upload>>) =>
  rows.push({ phase, status: r.status, seconds: r.seconds.toFixed(1), 'MB/s': r.mbPerSecond.toFixed(1), 'server RSS': rssMb() });

record('fresh process', await upload(auth));
const load = await autocannon({
  duration: MINUTES * 60,
  connections: 20,
  headers: { cookie: auth.cookie },
  requests: [{ path: '/api/v1/dashboard' }, { path: '/api/v1/memories' }],
  url: BASE,
});
rows.push({ phase: `${MINUTES} min of load`, status: `${load.non2xx} non-2xx, ${load.errors} errors`, seconds: '', 'MB/s': '', 'server RSS': rssMb(), requests: load.requests.total });
record('after the load', await upload(auth));
console.table(rows);
console.log(`after / fresh: ${(Number(rows[2]!['MB/s']) / Number(rows[0]!['MB/s'])).toFixed(2)}`);
