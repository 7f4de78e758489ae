import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema/system.ts';
import { insertOwner } from '../factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

/** ADR 0086: Prometheus metrics on METRICS_PORT, apart from the app's port. */
const METRICS_PORT = 4320;
const METRICS_URL = `http://127.0.0.1:${METRICS_PORT}/metrics`;

let t: TestApp;
let owner: TestSession;
/** A mail server that turns every connection away (554 at the greeting), as a relay that is down or refuses this host does. */
let refusingSmtp: net.Server;
let log = '';
beforeAll(async () => {
  refusingSmtp = net.createServer((socket) => socket.end('554 5.3.2 mail.example.org is not accepting mail\r\n'));
  await new Promise<void>((resolve) => refusingSmtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://mailer:smtp-secret-8@127.0.0.1:${(refusingSmtp.address() as net.AddressInfo).port}`;
  const logStream = new PassThrough().on('data', (chunk: Buffer) => (log += chunk.toString()));
  t = await buildTestApp({ metricsPort: METRICS_PORT, host: '127.0.0.1', smtpUrl }, { logStream });
  await t.app.ready(); // as listen() does in main.ts: the metrics listener starts with the app
  owner = await sessionFor(t, await insertOwner(t.db));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => refusingSmtp.close(resolve));
});

const scrape = async () => {
  const res = await fetch(METRICS_URL);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one series (`name{labels}` exactly as exposed), or undefined when it is absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the metrics listener', () => {
  it('counts requests per route pattern (never the raw URL), with their latency', async () => {
    const list = 'heirloom_http_request_duration_seconds_count{method="GET",route="/api/v1/documents",status="200"}';
    const one = 'heirloom_http_request_duration_seconds_count{method="GET",route="/api/v1/documents/:id",status="404"}';
    const before = await scrape();
    const missing = randomUUID();
    for (let i = 0; i < 3; i++) expect((await injectAs(t, owner, 'GET', '/api/v1/documents')).statusCode).toBe(200);
    expect((await injectAs(t, owner, 'GET', `/api/v1/documents/${missing}`)).statusCode).toBe(404);
    const after = await scrape();
    expect((valueOf(after, list) ?? 0) - (valueOf(before, list) ?? 0)).toBe(3);
    expect((valueOf(after, one) ?? 0) - (valueOf(before, one) ?? 0)).toBe(1);
    expect(after).toContain('heirloom_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/v1/documents",status="200"}');
    expect(after).not.toContain(missing);
  });

  it('reads the pool, the job queue and the mail outbox when scraped, and the process defaults', async () => {
    const queued = 'heirloom_jobs{state="queued"}';
    const unsent = 'heirloom_mail_outbox_unsent';
    const before = await scrape();
    await t.db.insert(outboxEmails).values([1, 2].map((i) => ({ to: `metrics${i}@example.org`, subject: 's', text: 't', kind: 'test' })));
    await t.app.deps.jobs.enqueue('send-outbox', {});
    const after = await scrape();
    expect(valueOf(after, unsent)! - valueOf(before, unsent)!).toBe(2);
    expect(valueOf(after, queued)! - valueOf(before, queued)!).toBe(1);
    expect(valueOf(after, 'heirloom_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(valueOf(after, 'heirloom_db_pool_connections{state="waiting"}')).toBe(0);
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts the statements sent to the database, three more for three more', async () => {
    const sent = 'heirloom_db_statements_total';
    const before = valueOf(await scrape(), sent)!;
    for (const n of [1, 2, 3]) await t.app.deps.database.execute('SELECT $1::int AS n', [n]);
    const after = valueOf(await scrape(), sent)!;
    // The scrapes' own reads (the outbox and job gauges) count too, and a job poll may fall between.
    expect(after - before).toBeGreaterThanOrEqual(3);
    expect(after - before).toBeLessThan(3 + 10);
  });

  it('a mail server that refuses: a warning naming it and its error (never its password), and heirloom_mail_send_failures_total counts each failed send', async () => {
    const failures = 'heirloom_mail_send_failures_total';
    const before = valueOf(await scrape(), failures);
    expect(before).toBeDefined();
    const server = `127.0.0.1:${(refusingSmtp.address() as net.AddressInfo).port}`;
    await t.app.deps.mailer.send({ to: 'refused1@example.org', subject: 'Welcome', text: 'Hello', kind: 'invitation' });
    await t.app.deps.mailer.send({ to: 'refused2@example.org', subject: 'Welcome', text: 'Hello', kind: 'invitation' });
    expect(valueOf(await scrape(), failures)! - before!).toBe(2);
    const warnings = log.split('\n').filter((line) => line.includes('mail not sent'));
    expect(warnings).toHaveLength(2);
    const warning = JSON.parse(warnings[0]!) as { level: number; msg: string; mail: { server: string; kind: string } };
    expect(warning.level).toBe(40);
    expect(warning.msg).toMatch(new RegExp(`^mail not sent: the mail server ${server} failed: .*554 5\\.3\\.2 mail\\.example\\.org is not accepting mail`));
    expect(warning.mail).toMatchObject({ server, kind: 'invitation' });
    expect(log).not.toContain('smtp-secret-8');
    expect(log).not.toContain('refused1@example.org');
  });

  it('serves GET /metrics only; the app port has no /metrics', async () => {
    expect((await fetch(METRICS_URL, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/api/v1/documents`)).status).toBe(404);
    const app = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(app.statusCode).toBe(404);
    expect(await scrape()).toContain('route="(unmatched)",status="404"');
  });
});

describe('without METRICS_PORT', () => {
  it('there is no metrics listener; closing the app closes the one it had', async () => {
    const plain = await buildTestApp({ host: '127.0.0.1' });
    await plain.app.ready();
    try {
      expect(plain.config.metricsPort).toBeUndefined();
      await scrape(); // still the first app's
    } finally {
      await plain.close();
    }
    await t.close();
    await expect(fetch(METRICS_URL)).rejects.toThrow();
    t = undefined as unknown as TestApp;
  });
});
