import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * Migration 0021 moves every emailed link into one table (ADR 0095): a link mailed before the
 * upgrade keeps working after it. A database is migrated to 0020, given one link of each old kind,
 * then migrated on; the rows must be in emailed_links with the same hash, expiry, use and owner.
 */
const { url } = inject('dbTemplate');
const name = `heirloom_links_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: url });
const db = new pg.Client({ connectionString: withDatabase(url, name) });
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };

async function apply(from: number, to: number): Promise<void> {
  for (const { tag } of journal.entries.filter((e) => e.idx >= from && e.idx <= to)) {
    for (const statement of fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.query(statement);
    }
  }
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

it('keeps every account, check-in and cancel link mailed before the upgrade, with its owner, expiry and use', async () => {
  const at = journal.entries.find((e) => e.tag === '0021_emailed-links')!.idx;
  await apply(0, at - 1);
  const one = async (sql: string, values: unknown[]) => (await db.query(sql, values)).rows[0] as { id: string };
  const owner = await one(`insert into users (email, name) values ('owner@example.com', 'Owner') returning id`, []);
  const estate = await one(`insert into estates (owner_id) values ($1) returning id`, [owner.id]);
  const report = await one(`insert into estate_reports (estate_id, reporter_name, relationship, event) values ($1, 'Kim', 'friend', 'death') returning id`, [estate.id]);
  const expires = new Date('2030-01-02T03:04:05Z');
  const used = new Date('2026-11-01T00:00:00Z');
  await db.query(`insert into account_tokens (user_id, purpose, token_hash, new_email, expires_at, used_at) values ($1, 'email-change', 'hash-account', 'new@example.com', $2, $3)`, [owner.id, expires, used]);
  await db.query(`insert into veto_links (report_id, token_hash, expires_at, created_at) values ($1, 'hash-veto', $2, now())`, [report.id, expires]);
  await db.query(`insert into check_in_settings (estate_id, user_id, last_check_in_at, period_start, link_token_hash, link_expires_at) values ($1, $2, now(), now(), 'hash-check-in', $3)`, [estate.id, owner.id, expires]);

  await apply(at, at);

  const { rows } = await db.query(`select user_id, purpose, target_id, token_hash, new_email, expires_at, used_at from emailed_links order by token_hash`);
  expect(rows).toEqual([
    { user_id: owner.id, purpose: 'email-change', target_id: null, token_hash: 'hash-account', new_email: 'new@example.com', expires_at: expires, used_at: used },
    { user_id: owner.id, purpose: 'check-in', target_id: null, token_hash: 'hash-check-in', new_email: null, expires_at: expires, used_at: null },
    { user_id: owner.id, purpose: 'report-veto', target_id: report.id, token_hash: 'hash-veto', new_email: null, expires_at: expires, used_at: null },
  ]);
  const gone = await db.query(`select to_regclass('account_tokens') as a, to_regclass('veto_links') as v`);
  expect(gone.rows[0]).toEqual({ a: null, v: null });
});
