import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { walkPages } from '../../../../test/walk-pages.ts';
import { DEMO_MAIL_PAGE_SIZE, type TDemoMail, type TDemoMailPage } from '../../../core/demo-mail.schemas.ts';

describe('demo mail, in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoMode: true });
    await t.app.deps.mailer.send({ to: 'visitor@example.com', subject: 'Heirloom: confirm', text: 'Open https://heirloom.test/sign-up/confirm#abc\n<script>alert(1)</script>', kind: 'sign-up-confirm' });
    for (let i = 0; i < 26; i++) {
      t.clock.advance(1000);
      await t.app.deps.mailer.send({ to: 'someone@example.com', subject: `Mail ${i}`, text: 'Hello', kind: 'notification' });
    }
  });
  afterAll(async () => t.close());

  it('lists what the platform sent, newest first, to signed-out visitors, a page at a time and by recipient', async () => {
    const visitor = new Browser(t);
    const first = (await visitor.call('GET', '/api/v1/demo/mail')).json() as TDemoMailPage;
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ subject: 'Mail 25', to: 'someone@example.com', kind: 'notification' });
    const rest = (await visitor.call('GET', `/api/v1/demo/mail?cursor=${encodeURIComponent(first.nextCursor!)}`)).json() as TDemoMailPage;
    expect(rest.items.map((m) => m.subject)).toEqual(['Mail 0', 'Heirloom: confirm']);
    const mine = (await visitor.call('GET', '/api/v1/demo/mail?to=Visitor@Example.com')).json() as TDemoMailPage;
    expect(mine.items.map((m) => m.subject)).toEqual(['Heirloom: confirm']);
    expect((await visitor.call('GET', '/api/v1/demo/mail?to=nobody')).statusCode).toBe(400);
  });

  it('pages through mail sent within one millisecond without skipping or repeating any (PostgreSQL keeps microseconds)', async () => {
    await t.app.deps.db.execute(sql`
      INSERT INTO outbox_emails ("to", subject, text, kind, created_at)
      SELECT 'burst@example.com', 'Burst ' || n, 'Hello', 'notification', timestamptz '2026-01-01 00:00:00.123' + n * interval '1 microsecond'
      FROM generate_series(1, 30) AS n`);
    // signed out, a fixed page of DEMO_MAIL_PAGE_SIZE
    const burst = await walkPages<TDemoMailPage['items'][number]>(t, null, '/api/v1/demo/mail?to=burst@example.com', DEMO_MAIL_PAGE_SIZE, undefined, { fixedPageSize: true });
    const seen = burst.items.map((m) => m.subject);
    expect(seen).toHaveLength(30);
    expect(seen[0]).toBe('Burst 30');
    expect(seen[29]).toBe('Burst 1');
    expect(new Set(seen).size).toBe(30);
  });

  it('reads one mail as plain text: markup stays text', async () => {
    const visitor = new Browser(t);
    const [summary] = ((await visitor.call('GET', '/api/v1/demo/mail?to=visitor@example.com')).json() as TDemoMailPage).items;
    const res = await visitor.call('GET', `/api/v1/demo/mail/${summary!.id}`);
    expect(res.headers['content-type']).toContain('application/json');
    expect((res.json() as TDemoMail).text).toBe('Open https://heirloom.test/sign-up/confirm#abc\n<script>alert(1)</script>');
    expect((await visitor.call('GET', '/api/v1/demo/mail/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('demo mail, outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoMode: false });
  });
  afterAll(async () => t.close());

  it('does not exist (404)', async () => {
    const visitor = new Browser(t);
    expect((await visitor.call('GET', '/api/v1/demo/mail')).statusCode).toBe(404);
    expect((await visitor.call('GET', '/api/v1/demo/mail/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
