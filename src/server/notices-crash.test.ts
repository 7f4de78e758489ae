import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../test/factories/estates.ts';
import { makePdf, multipartBody } from '../../test/factories/files.ts';
import { insertEstateWithTeam } from '../../test/factories/lifecycle.ts';
import { startSmtpSink, type SmtpSink } from '../../test/factories/smtp-sink.ts';
import { insertUser, type InsertedUser } from '../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../test/helpers.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { estates } from './db/schema/estates.ts';
import { estateAlerts } from './db/schema/lifecycle.ts';
import { notifications } from './db/schema/messages.ts';
import { outboxEmails } from './db/schema/system.ts';
import { buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';

/**
 * ADR 0077: a death report causes notices (the owner's warning and veto reminder, the trustees'
 * questions, the administrator's alert). The real server process reports it with
 * TEST_PAUSE_AFTER_COMMIT, which holds the notices right after the commit; it is killed there
 * (SIGKILL). Started again (the app on the same database), its jobs deliver every notice, each
 * exactly once, however often they run.
 */

let t: TestApp;
let smtp: SmtpSink;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-crash-'));
});
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await t.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server process on the test's database, sending to the sink (same data folder, so the same master key). */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url, ...env });
  servers.push(server);
  return server;
}

async function post(server: ServerProcess, user: InsertedUser, url: string, body: Buffer, headers: Record<string, string>) {
  const session = await sessionFor(t, user);
  return fetch(`http://127.0.0.1:${server.port}${url}`, { method: 'POST', body: new Uint8Array(body), headers: { ...headers, cookie: session.cookie, 'x-csrf-token': session.csrfToken } });
}

describe('notices that cannot be lost', () => {
  it('a process killed between the commit of a death report and its notices delivers every notice exactly once after restart', async () => {
    const { owner, reporter, administrator } = await insertEstateWithTeam(t.db);
    const estateId = owner.estateId!;
    const trustees: InsertedUser[] = [];
    for (const n of [1, 2]) {
      const trustee = await insertUser(t.db, { roles: ['beneficiary'], name: `Trustee ${n}` });
      await insertBeneficiary(t.db, estateId, { userId: trustee.id, email: trustee.email, relationship: 'Friend' });
      trustees.push(trustee);
    }
    const ownerS = await sessionFor(t, owner);
    expect((await injectAs(t, ownerS, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: trustees.map((u) => u.id) })).statusCode).toBe(200);
    expect((await injectAs(t, ownerS, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 2 })).statusCode).toBe(200);
    const since = new Date();

    const first = await startServer({ TEST_PAUSE_AFTER_COMMIT: 'true' });
    const { payload, headers } = multipartBody([
      { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter' }) },
      { name: 'death_certificate', filename: 'certificate.pdf', data: makePdf('Death certificate'), contentType: 'application/pdf' },
    ]);
    const report = post(first, reporter, `/api/v1/estates/${estateId}/reports`, payload, headers).catch((error: unknown) => error);
    await first.waitFor('TEST_PAUSE_AFTER_COMMIT: committed');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await report).toBeInstanceOf(Error); // the reporter's request died with the process

    // The change is kept; nothing had been delivered yet.
    const [estate] = await t.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
    expect(estate!.status).toBe('verification_pending');
    expect(smtp.received).toEqual([]);

    // Started again (the app on the same database and mail server), its jobs run twice.
    const restarted = await buildApp({ config: { ...t.config, smtpUrl: smtp.url }, database: openPostgres(t.databaseUrl), logger: false });
    try {
      await restarted.deps.jobs.runDue();
      await restarted.deps.jobs.runDue();
    } finally {
      await restarted.close();
      await restarted.deps.database.close();
    }

    const subjectsTo = (user: InsertedUser) => smtp.to(user.email).map((m) => m.subject).sort();
    expect(subjectsTo(owner)).toEqual([
      'Heirloom: a report of your passing is waiting — cancel it if it is not true',
      'Heirloom: a security notice about your account',
      'Heirloom: someone reported your passing or incapacity — sign in if this is not true',
    ]);
    for (const trustee of trustees) expect(subjectsTo(trustee)).toEqual([`Heirloom: please confirm or deny the report about ${owner.name}`]);
    expect(subjectsTo(administrator)).toEqual(['Heirloom: news about an estate you belong to']);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);

    const [alert] = await t.db.select().from(estateAlerts).where(and(eq(estateAlerts.estateId, estateId), eq(estateAlerts.type, 'verification')));
    expect(alert).toMatchObject({ priority: 'high' });
    const afterReport = gte(notifications.createdAt, since);
    const recipients = (await t.db.select({ userId: notifications.userId }).from(notifications).where(afterReport)).map((r) => r.userId).sort();
    // The owner: the warning and the veto reminder; the administrator: the alert; each trustee: the question.
    expect(recipients).toEqual([owner.id, owner.id, administrator.id, ...trustees.map((u) => u.id)].sort());
    expect(await t.db.select().from(notifications).where(and(afterReport, isNull(notifications.deliveredAt)))).toEqual([]);
    expect(await t.db.select().from(outboxEmails).where(and(gte(outboxEmails.createdAt, since), isNull(outboxEmails.sentAt)))).toEqual([]);
  }, 120_000);

  it('the pause is refused in production', () => {
    const { DATABASE_URL: _unused, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://heirloom.example.org', TEST_PAUSE_AFTER_COMMIT: 'true', MASTER_KEY: randomBytes(32).toString('base64'), DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TEST_PAUSE_AFTER_COMMIT: must not be set in production');
  }, 70_000);
});
