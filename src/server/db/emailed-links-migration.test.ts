import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * Migrations 0021 and 0033 move every emailed link into one table (ADR 0095, 0106): a link mailed
 * before the upgrade keeps working after it. A database is migrated to just before, given one link
 * of each old kind, then migrated on; the rows must be in emailed_links with the same hash, expiry,
 * use and owner. Then the memorial's photo (ADR 0107): kept only where the owner chose it.
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

it('keeps every invitation, sign-up and archive download link mailed before the upgrade (0033)', async () => {
  const at = journal.entries.find((e) => e.tag.startsWith('0033_'))!.idx;
  const before = journal.entries.find((e) => e.tag === '0021_emailed-links')!.idx;
  await apply(before + 1, at - 1);
  const one = async (sql: string, values: unknown[]) => (await db.query(sql, values)).rows[0] as { id: string };
  const [owner] = (await db.query(`select id from users where email = 'owner@example.com'`)).rows as { id: string }[];
  const [estate] = (await db.query(`select id from estates where owner_id = $1`, [owner!.id])).rows as { id: string }[];
  const expires = new Date('2030-01-02T03:04:05Z');
  const accepted = new Date('2026-11-01T00:00:00Z');
  const invitation = await one(
    `insert into invitations (token_hash, kind, email, role, estate_id, expires_at, accepted_at, created_at) values ('hash-invitation', 'beneficiary', 'kim@example.com', 'beneficiary', $1, $2, $3, $3) returning id`,
    [estate!.id, expires, accepted],
  );
  const signUp = await one(`insert into invitations (token_hash, kind, email, role, expires_at, created_at) values ('hash-sign-up', 'sign-up', 'new@example.com', 'estate-owner', $1, $2) returning id`, [expires, accepted]);
  const archive = await one(
    `insert into legacy_exports (estate_id, user_id, status, token_hash, expires_at, updated_at) values ($1, $2, 'ready', 'hash-archive', $3, $4) returning id`,
    [estate!.id, owner!.id, expires, accepted],
  );
  await db.query(`insert into legacy_exports (estate_id, user_id, status) values ($1, $2, 'failed')`, [estate!.id, owner!.id]);

  await apply(at, at);

  const { rows } = await db.query(`select user_id, purpose, target_id, token_hash, expires_at, used_at from emailed_links where token_hash in ('hash-invitation', 'hash-sign-up', 'hash-archive') order by token_hash`);
  expect(rows).toEqual([
    { user_id: owner!.id, purpose: 'legacy-export', target_id: archive.id, token_hash: 'hash-archive', expires_at: expires, used_at: null },
    { user_id: null, purpose: 'invitation', target_id: invitation.id, token_hash: 'hash-invitation', expires_at: expires, used_at: accepted },
    { user_id: null, purpose: 'sign-up', target_id: signUp.id, token_hash: 'hash-sign-up', expires_at: expires, used_at: null },
  ]);
  expect((await db.query(`select count(*)::int as n from emailed_links where purpose = 'legacy-export'`)).rows[0]).toEqual({ n: 1 });
});

it('keeps a memorial photo the owner chose, and takes off one someone else may have set (memorial owner photo)', async () => {
  const at = journal.entries.find((e) => e.tag.endsWith('_memorial_owner_photo'))!.idx;
  await apply(journal.entries.find((e) => e.tag.startsWith('0033_'))!.idx + 1, at - 1);
  const one = async (sql: string, values: unknown[]) => (await db.query(sql, values)).rows[0] as { id: string };
  /** An estate whose memorial shows a photo, and the audit of the saves that named it (who saved it: the owner, or another). */
  async function memorialWithPhoto(label: string, saves: ('owner' | 'executor' | 'erased')[]) {
    const owner = await one(`insert into users (email, name) values ($1, 'Owner') returning id`, [`${label}@example.com`]);
    const executor = await one(`insert into users (email, name) values ($1, 'Executor') returning id`, [`${label}-executor@example.com`]);
    const estate = await one(`insert into estates (owner_id, status) values ($1, 'active') returning id`, [owner.id]);
    const memory = await one(`insert into memories (estate_id, title, date, type) values ($1, 'The garden', '2001-05-01', 'photo_album') returning id`, [estate.id]);
    const photo = await one(`insert into memory_media (memory_id, kind) values ($1, 'photo') returning id`, [memory.id]);
    await db.query(`insert into memorials (estate_id, body, photo_media_id) values ($1, 'In memory', $2)`, [estate.id, photo.id]);
    for (const by of saves) {
      await db.query(`insert into audit_log (actor_user_id, action, estate_id, details, erased) values ($1, 'memorial.saved', $2, $3, $4)`, [
        by === 'owner' ? owner.id : executor.id,
        estate.id,
        by === 'erased' ? {} : { fields: ['body', 'photoMediaId'] },
        by === 'erased',
      ]);
    }
    await db.query(`insert into audit_log (actor_user_id, action, estate_id, details) values ($1, 'memorial.saved', $2, $3)`, [executor.id, estate.id, { fields: ['wishes'] }]);
    return { estateId: estate.id, photoId: photo.id };
  }
  const owners = await memorialWithPhoto('owners-choice', ['owner']);
  const unaudited = await memorialWithPhoto('unaudited', []);
  const executors = await memorialWithPhoto('executors-choice', ['owner', 'executor']);
  const erased = await memorialWithPhoto('erased', ['erased']);

  await apply(at, at);

  const photos = async (estateId: string) =>
    (await db.query(`select photo_media_id as "shown", owner_photo_media_id as "owners" from memorials where estate_id = $1`, [estateId])).rows[0] as object;
  expect(await photos(owners.estateId)).toEqual({ shown: owners.photoId, owners: owners.photoId });
  expect(await photos(unaudited.estateId)).toEqual({ shown: unaudited.photoId, owners: unaudited.photoId });
  expect(await photos(executors.estateId)).toEqual({ shown: null, owners: null });
  expect(await photos(erased.estateId)).toEqual({ shown: null, owners: null });
});
