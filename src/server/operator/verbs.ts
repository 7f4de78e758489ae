import { CHECK_TIMEOUT_MS, type Verb } from './verb.ts';

/** The verbs of `heirloom` (cli.ts), in the order `heirloom --help` lists them. */
export const VERBS: readonly Verb[] = [
  {
    name: 'check',
    summary: 'validate every setting and reach the database, the storage and SMTP',
    help: `Usage: heirloom check

Reads the settings the server would read (environment variables, see docs/deploy.md), then
reaches each service it needs:
  database    select 1 on DATABASE_URL's server, or the embedded PostgreSQL in DATA_DIR/pg
  MASTER_KEY  the key (MASTER_KEY, or DATA_DIR/master.key) is the one the database was set up
              with (their fingerprints match)
  storage     S3: HeadBucket on S3_BUCKET; disk: DATA_DIR/files is writable
  SMTP        the server at SMTP_URL answers and accepts the login (only when SMTP_URL is set)
Prints one line per check ("ok: …" or "problem: …") and exits 0 when there is no problem, 1
otherwise. Each service has ${CHECK_TIMEOUT_MS / 1000} s to answer. It stores no key, fingerprint or
account (like a start, it creates DATA_DIR/files, and the embedded database when there is none).`,
    load: () => import('./check.ts'),
  },
  {
    name: 'migrate',
    summary: 'bring the database schema up to date, then exit',
    help: `Usage: heirloom migrate

Applies every migration the database does not have yet, then exits 0 (1 when one fails).
It holds a PostgreSQL advisory lock while it runs; every server start takes the same lock and
migrates too, so instances started together take turns and the later ones find nothing to do.
Run it before rolling new instances in (docs/deploy.md, Upgrades). Uses DATABASE_URL, or the
embedded PostgreSQL in DATA_DIR/pg.`,
    load: () => import('./migrate.ts'),
  },
  {
    name: 'create-admin',
    summary: 'make the first admin and print their set-password link',
    help: `Usage: heirloom create-admin --email ADDRESS [--name NAME] [--force]

Makes ADDRESS a platform admin: a new active account (named NAME, "Administrator" if not given)
with the admin role, or the existing active account with that address. Prints a single-use link
to choose the password (the password-reset link; it works for 60 minutes) and queues the same
link by email (sent when SMTP_URL is set). An account that already has a password keeps it.
Refuses (exit 1) when an active admin exists, unless --force. Recorded in the audit log.
Run it once the database is migrated (heirloom migrate, or a first server start).`,
    load: () => import('./create-admin.ts'),
  },
  {
    name: 'backup',
    summary: 'write the whole platform (every table, every stored file) to one archive',
    help: `Usage: heirloom backup --to FILE

Writes ONE archive (a tar file, docs/backup.md) of the database and file store the server uses,
while the server keeps running: every table's rows from one consistent snapshot of the database,
then every stored file as stored (still encrypted), with a checksum of each, the schema's
migration and the MASTER_KEY's fingerprint (never the key: keep the key apart from the archive).
The job queue is not in it. FILE must not exist yet; it is written as FILE.partial and renamed
when whole. Progress on stderr. Works with the embedded PostgreSQL (DATA_DIR/pg, also while the
server runs on it) and with a PostgreSQL server (DATABASE_URL); disk or S3 storage.
Exit 0 written, 1 failed (no FILE is left).`,
    load: () => import('./backup.ts'),
  },
  {
    name: 'restore',
    summary: 'load a backup archive into a new, empty installation',
    help: `Usage: heirloom restore FILE

Loads an archive written by heirloom backup into the installation the settings name (DATABASE_URL
or the embedded PostgreSQL in DATA_DIR/pg; DATA_DIR/files or S3_*), which must be empty: no rows
in the database (do not start the server on it first), no files in the store. It refuses (exit 1,
one line) a non-empty installation, an archive of another format or of a newer version, and a
MASTER_KEY other than the archive's (set MASTER_KEY to the original key). It applies the
migrations itself, loads every table in one transaction and every file, checks each against the
archive's checksums, and keeps nothing when one does not match. The same pair of commands moves
an installation from the embedded database to a PostgreSQL server and back (docs/backup.md).`,
    load: () => import('./restore.ts'),
  },
  {
    name: 'verify-audit',
    summary: 'check the tamper-evident audit record (every hash chain)',
    help: `Usage: heirloom verify-audit

Walks every audit chain (ADR 0045) of the database the server uses (same DATA_DIR / DATABASE_URL)
and prints what it found, naming the first broken link. Exit 0 intact, 1 broken, 2 could not check.
With the embedded database it attaches to the running server's PostgreSQL, or starts it for the
check. Admins can run the same check on Logs → Verify audit record. \`npm run audit:verify\` runs this.`,
    load: () => import('./verify-audit.ts'),
  },
];
