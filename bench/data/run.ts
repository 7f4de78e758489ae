/**
 * `npm run bench:data [--scale 0.01] [--url postgres://…] [--data-dir …]`: recreates the large
 * platform database (bench/known.ts) and fills it — 10,000 owners, 1,000,000 memories, 300,000
 * documents (200 with real encrypted files), 50,000 beneficiaries and 2,000,000 audit rows, hash
 * chained with the app's own function. docs/benchmarks.md says what is in it and why it is fast.
 */
import { randomUUID, randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openPostgres, migrateDatabase } from '../../src/server/db/client.ts';
import { auditRowHash } from '../../src/server/lib/audit-chain.ts';
import { systemClock } from '../../src/server/lib/clock.ts';
import { createSecretBox, loadMasterKey } from '../../src/server/lib/crypto.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { createFileStore } from '../../src/server/storage/create-file-store.ts';
import { commitFiles, storeBuffer } from '../../src/server/storage/stored-files.ts';
import { KNOWN, KNOWN_PASSWORD, LARGE_DATA_DIR, LARGE_DATABASE_URL } from '../known.ts';
import { BulkTable, dropSecondaryIndexes } from './bulk.ts';
import { documentText, documentTitle, firstName, lastName, memoryDescription, memoryTitle, pick, story } from './text.ts';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const scale = Number(option('--scale') ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be a number in (0, 1]');
const url = option('--url') ?? LARGE_DATABASE_URL;
const dataDir = option('--data-dir') ?? LARGE_DATA_DIR;
const size = (n: number) => Math.max(1, Math.round(n * scale));

const OWNERS = size(10_000);
const MEMORIES = size(1_000_000);
const KNOWN_MEMORIES = size(30_000);
const DOCUMENTS = size(300_000);
const KNOWN_DOCUMENTS = size(10_000);
const REAL_FILES = Math.min(200, KNOWN_DOCUMENTS);
const BENEFICIARIES = size(50_000);
const KNOWN_BENEFICIARIES = 20;
const AUDIT_ROWS = size(2_000_000);
const BULK_TABLES = ['users', 'user_roles', 'estates', 'beneficiaries', 'support_team_members', 'memories', 'memory_media', 'memory_shares', 'documents', 'document_shares', 'files', 'audit_log'];

const began = Date.now();
const say = (what: string) => console.log(`[${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${what}`);
const DAY = 86_400_000;
const NOW = Date.now();
/** Row i of n spread over the last three years, oldest first. */
const createdAtOf = (i: number, n: number) => new Date(NOW - 3 * 365 * DAY + Math.floor(((i + 0.5) / n) * 3 * 365 * DAY));

// ---------------------------------------------------------------- database
const target = new URL(url);
const databaseName = target.pathname.slice(1);
const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${databaseName}"`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
say(`database ${databaseName} created; data folder ${dataDir}; scale ${scale}`);

// Loading the large data set is long work: no statement or acquire timeout (ADR 0086).
const database = openPostgres(url, 'postgres', { timeouts: { statementMs: 0, acquireMs: 0 } });
await migrateDatabase(database);
say('migrated');

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(`SET maintenance_work_mem = '512MB'`);
// The generator writes consistent ids itself: foreign-key triggers stay off during the load.
await client.query(`SET session_replication_role = replica`);
const rebuild = await dropSecondaryIndexes(client, BULK_TABLES);
say(`${rebuild.length} secondary indexes dropped for the load`);

const knownHash = await hashPassword(KNOWN_PASSWORD);
const otherHash = await hashPassword(randomBytes(24).toString('base64url'));

// ---------------------------------------------------------------- people
const usersTable = new BulkTable(client, 'users', [
  ['id', 'uuid'],
  ['email', 'text'],
  ['name', 'text'],
  ['password_hash', 'text'],
  ['email_verified_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
]);
const rolesTable = new BulkTable(client, 'user_roles', [
  ['user_id', 'uuid'],
  ['role', 'text'],
]);
async function addUser(email: string, name: string, role: string, at: Date, known: boolean): Promise<string> {
  const id = randomUUID();
  await usersTable.add([id, email, name, known ? knownHash : otherHash, at.toISOString(), at.toISOString()]);
  await rolesTable.add([id, role]);
  return id;
}

const adminId = await addUser(KNOWN.admin, 'Bench Admin', 'admin', createdAtOf(0, 1), true);
const administratorId = await addUser(KNOWN.administrator, 'Bench Administrator', 'estate-administrator', createdAtOf(0, 1), true);
const plannerId = await addUser(KNOWN.planner, 'Bench Planner', 'legacy-planner', createdAtOf(0, 1), true);
void adminId;

interface Estate {
  id: string;
  ownerId: string;
  memories: number;
  documents: number;
  /** ids of the estate's beneficiaries with an account, and how often each is shared an item */
  linked: { id: string; memoryEvery: number }[];
}
const estates: Estate[] = [];
const estatesTable = new BulkTable(client, 'estates', [
  ['id', 'uuid'],
  ['owner_id', 'uuid'],
  ['created_at', 'timestamptz'],
]);
const spread = (total: number, known: number, i: number) => (i === 0 ? known : Math.floor((total - known) / (OWNERS - 1)) + (i - 1 < (total - known) % (OWNERS - 1) ? 1 : 0));
for (let i = 0; i < OWNERS; i++) {
  const at = createdAtOf(i, OWNERS);
  const name = `${firstName(i)} ${lastName(i)}`;
  const ownerId = await addUser(i === 0 ? KNOWN.owner : `owner${i}@bench.example.com`, i === 0 ? 'Bench Owner' : name, 'estate-owner', at, i === 0);
  const estate: Estate = { id: randomUUID(), ownerId, memories: OWNERS === 1 ? MEMORIES : spread(MEMORIES, KNOWN_MEMORIES, i), documents: OWNERS === 1 ? DOCUMENTS : spread(DOCUMENTS, KNOWN_DOCUMENTS, i), linked: [] };
  estates.push(estate);
  await estatesTable.add([estate.id, ownerId, at.toISOString()]);
}
await estatesTable.flush();
say(`${OWNERS} owners and estates`);

const beneficiariesTable = new BulkTable(client, 'beneficiaries', [
  ['id', 'uuid'],
  ['estate_id', 'uuid'],
  ['user_id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['relationship', 'text'],
  ['email', 'text'],
  ['invited_at', 'timestamptz'],
  ['accepted_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
]);
const RELATIONSHIPS = ['Spouse', 'Child', 'Sibling', 'Grandchild', 'Friend', 'Parent'];
let beneficiaryNo = 0;
for (let e = 0; e < estates.length; e++) {
  const estate = estates[e]!;
  const count = e === 0 ? KNOWN_BENEFICIARIES : spread(BENEFICIARIES, KNOWN_BENEFICIARIES, e);
  for (let b = 0; b < count; b++, beneficiaryNo++) {
    const id = randomUUID();
    const at = createdAtOf(e, estates.length);
    // about one in five has an account; the known beneficiary is the known estate's first
    const linked = beneficiaryNo % 5 === 0 || (e === 0 && b === 0);
    const email = e === 0 && b === 0 ? KNOWN.beneficiary : `beneficiary${beneficiaryNo}@bench.example.com`;
    const first = firstName(beneficiaryNo + 7);
    const last = lastName(beneficiaryNo + 11);
    const userId = linked ? await addUser(email, `${first} ${last}`, 'beneficiary', at, e === 0 && b === 0) : null;
    if (userId) estate.linked.push({ id, memoryEvery: e === 0 ? 3 : 5 });
    await beneficiariesTable.add([id, estate.id, userId, first, last, RELATIONSHIPS[beneficiaryNo % RELATIONSHIPS.length], email, at.toISOString(), linked ? at.toISOString() : null, at.toISOString()]);
  }
}
await beneficiariesTable.flush();

const supportTable = new BulkTable(client, 'support_team_members', [
  ['id', 'uuid'],
  ['estate_id', 'uuid'],
  ['user_id', 'uuid'],
  ['role', 'text'],
  ['name', 'text'],
  ['email', 'text'],
  ['invited_at', 'timestamptz'],
  ['accepted_at', 'timestamptz'],
]);
for (let e = 0; e < estates.length; e++) {
  const at = createdAtOf(e, estates.length).toISOString();
  const estateId = estates[e]!.id;
  if (e % 5 === 0) await supportTable.add([randomUUID(), estateId, administratorId, 'estate-administrator', 'Bench Administrator', KNOWN.administrator, at, at]);
  if (e % 20 === 0) await supportTable.add([randomUUID(), estateId, plannerId, 'legacy-planner', 'Bench Planner', KNOWN.planner, at, at]);
}
await Promise.all([supportTable.flush(), usersTable.flush()]);
await rolesTable.flush();
say(`${beneficiariesTable.written} beneficiaries (${estates.reduce((n, e) => n + e.linked.length, 0)} with accounts), ${supportTable.written} support team members, ${usersTable.written} users`);

// ---------------------------------------------------------------- memories
const memoriesTable = new BulkTable(client, 'memories', [
  ['id', 'uuid'],
  ['estate_id', 'uuid'],
  ['created_by', 'uuid'],
  ['title', 'text'],
  ['date', 'date'],
  ['description', 'text'],
  ['type', 'text'],
  ['story_text', 'text'],
  ['share_all', 'boolean'],
  ['release', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
]);
const mediaTable = new BulkTable(client, 'memory_media', [
  ['id', 'uuid'],
  ['memory_id', 'uuid'],
  ['kind', 'text'],
  ['title', 'text'],
  ['content', 'text'],
  ['created_at', 'timestamptz'],
]);
const memorySharesTable = new BulkTable(client, 'memory_shares', [
  ['memory_id', 'uuid'],
  ['beneficiary_id', 'uuid'],
  ['created_at', 'timestamptz'],
]);
const MEMORY_TYPES = ['photo_album', 'letter', 'video', 'audio'];
let memoryNo = 0;
for (const estate of estates) {
  for (let m = 0; m < estate.memories; m++, memoryNo++) {
    const id = randomUUID();
    const at = createdAtOf(m, estate.memories).toISOString();
    const day = new Date(NOW - pick(memoryNo, 40 * 365, 21) * DAY).toISOString().slice(0, 10);
    const withStory = memoryNo % 5 === 0;
    const storyText = withStory ? story(memoryNo) : '';
    await memoriesTable.add([
      id,
      estate.id,
      estate.ownerId,
      memoryTitle(memoryNo),
      day,
      memoryDescription(memoryNo),
      withStory ? 'letter' : MEMORY_TYPES[memoryNo % MEMORY_TYPES.length],
      storyText,
      memoryNo % 10 === 0,
      memoryNo % 5 === 1 ? 'after_activation' : 'now',
      at,
      at,
    ]);
    if (withStory) await mediaTable.add([randomUUID(), id, 'story', 'Our story', storyText, at]);
    for (const b of estate.linked) if (pick(memoryNo, b.memoryEvery, 31) === 0) await memorySharesTable.add([id, b.id, at]);
  }
  if (Math.floor(memoryNo / 100_000) > Math.floor((memoryNo - estate.memories) / 100_000)) say(`${memoryNo} memories`);
}
await memoriesTable.flush();
await mediaTable.flush();
await memorySharesTable.flush();
say(`${memoriesTable.written} memories, ${mediaTable.written} story items, ${memorySharesTable.written} memory shares`);

// ---------------------------------------------------------------- documents
const filesTable = new BulkTable(client, 'files', [
  ['id', 'uuid'],
  ['estate_id', 'uuid'],
  ['uploaded_by', 'uuid'],
  ['storage_key', 'text'],
  ['original_name', 'text'],
  ['mime_type', 'text'],
  ['size', 'int8'],
  ['sha256', 'text'],
  ['wrapped_key', 'text'],
  ['status', 'text'],
  ['created_at', 'timestamptz'],
]);
const documentsTable = new BulkTable(client, 'documents', [
  ['id', 'uuid'],
  ['estate_id', 'uuid'],
  ['title', 'text'],
  ['type', 'text'],
  ['file_id', 'uuid'],
  ['share_all', 'boolean'],
  ['release', 'text'],
  ['size', 'int8'],
  ['mime_type', 'text'],
  ['content_text', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
]);
const documentSharesTable = new BulkTable(client, 'document_shares', [
  ['document_id', 'uuid'],
  ['beneficiary_id', 'uuid'],
  ['created_at', 'timestamptz'],
]);

// The sample with real files goes through the app's own storage code (encrypted, wrapped by the
// master key of the bench data folder), so downloading one of them works.
const storage = { db: database.db, files: createFileStore({ dataDir, s3: undefined }), secrets: createSecretBox(loadMasterKey(undefined, dataDir)), clock: systemClock };
const known = estates[0]!;
const realFiles: { id: string; size: number }[] = [];
for (let d = 0; d < REAL_FILES; d++) {
  const text = documentText(d);
  const row = await storeBuffer(storage, { estateId: known.id, uploadedBy: known.ownerId, originalName: `document-${d + 1}.pdf`, mimeType: 'application/pdf', bytes: pdfWith(text) });
  realFiles.push({ id: row.id, size: row.size });
}
await commitFiles(
  database.db,
  realFiles.map((f) => f.id),
);
say(`${REAL_FILES} real encrypted files in ${dataDir}`);

const DOCUMENT_TYPES = ['legal', 'financial', 'personal', 'other'];
let documentNo = 0;
for (const estate of estates) {
  for (let d = 0; d < estate.documents; d++, documentNo++) {
    const id = randomUUID();
    const at = createdAtOf(d, estate.documents).toISOString();
    const real = estate === known ? realFiles[d] : undefined;
    const fileId = real?.id ?? randomUUID();
    const bytes = real?.size ?? 20_000 + pick(documentNo, 2_000_000, 41);
    if (!real) {
      await filesTable.add([fileId, estate.id, estate.ownerId, `estates/${estate.id}/${fileId}`, `document-${documentNo}.pdf`, 'application/pdf', bytes, createHash('sha256').update(fileId).digest('hex'), randomBytes(60).toString('base64'), 'committed', at]);
    }
    await documentsTable.add([id, estate.id, documentTitle(documentNo), DOCUMENT_TYPES[documentNo % 4], fileId, documentNo % 10 === 0, documentNo % 5 === 1 ? 'after_activation' : 'now', bytes, 'application/pdf', documentText(documentNo), at, at]);
    for (const b of estate.linked) if (pick(documentNo, 4, 51) === 0) await documentSharesTable.add([id, b.id, at]);
  }
}
await Promise.all([filesTable.flush(), documentsTable.flush(), documentSharesTable.flush()]);
say(`${documentsTable.written} documents, ${documentSharesTable.written} document shares`);

// ---------------------------------------------------------------- audit
const auditTable = new BulkTable(client, 'audit_log', [
  ['id', 'int8'],
  ['created_at', 'timestamptz'],
  ['actor_user_id', 'uuid'],
  ['action', 'text'],
  ['estate_id', 'uuid'],
  ['target_type', 'text'],
  ['target_id', 'text'],
  ['ip', 'text'],
  ['user_agent', 'text'],
  ['details', 'jsonb'],
  ['prev_hash', 'text'],
  ['hash', 'text'],
]);
const ACTIONS: [action: string, targetType: string | null][] = [
  ['auth.sign_in', null],
  ['memory.created', 'memory'],
  ['document.uploaded', 'document'],
  ['message.sent', 'message'],
  ['account.updated', 'user'],
  ['auth.sign_in_failed', null],
];
let auditId = 0;
/** One chain: `n` rows of the estate (null: the platform chain), hashed in id order. */
async function auditChain(estateId: string | null, actorUserId: string, n: number): Promise<void> {
  let prev: string | null = null;
  for (let r = 0; r < n; r++) {
    auditId++;
    const [action, targetType] = ACTIONS[pick(auditId, ACTIONS.length, 61)]!;
    const row = {
      id: auditId,
      at: createdAtOf(r, n),
      action,
      actorUserId,
      estateId,
      targetType,
      targetId: targetType ? randomUUID() : null,
      ip: '127.0.0.1',
      userAgent: 'heirloom-bench',
      details: {},
    };
    const hash = auditRowHash(row, prev);
    await auditTable.add([row.id, row.at.toISOString(), actorUserId, action, estateId, targetType, row.targetId, row.ip, row.userAgent, '{}', prev, hash]);
    prev = hash;
  }
}
const platformRows = Math.floor(AUDIT_ROWS / 10);
for (let e = 0; e < estates.length; e++) await auditChain(estates[e]!.id, estates[e]!.ownerId, spread(AUDIT_ROWS - platformRows, Math.floor((AUDIT_ROWS - platformRows) / OWNERS), e));
await auditChain(null, administratorId, platformRows);
await auditTable.flush();
await client.query(`SELECT setval(pg_get_serial_sequence('audit_log', 'id'), $1)`, [auditId]);
say(`${auditTable.written} audit rows, hash-chained`);

// ---------------------------------------------------------------- indexes
await client.query(`SET session_replication_role = DEFAULT`);
for (const statement of rebuild) await client.query(statement);
say(`${rebuild.length} indexes rebuilt`);
// A settled database: autovacuum would have set the visibility map, which index-only scans need.
await client.query('VACUUM ANALYZE');
say('vacuumed and analyzed');
await client.end();
await database.close();
say(`done: ${url} — sign in as ${KNOWN.owner} / ${KNOWN_PASSWORD}`);

/** A one-page PDF holding the text (enough for the app to store, sniff and serve it). */
function pdfWith(text: string): Buffer {
  const line = text.slice(0, 80).replace(/[()\\]/g, ' ');
  const stream = `BT /F1 12 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
