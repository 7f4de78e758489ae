import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../db/client.ts';

/**
 * The archive `heirloom backup` writes and `heirloom restore` reads (ADR 0084, docs/backup.md): a
 * POSIX tar (ustar, PAX headers for long names) holding, in this order,
 *   manifest.json                 what is known before the data: ArchiveManifest
 *   tables/<table>/<part>         the table's rows, PostgreSQL COPY text format, in FK-safe order
 *   blobs/<storage key>/<part>    each stored blob's bytes as stored (still encrypted)
 *   checksums.json                what is known after it: ArchiveChecksums
 * A stream is cut into parts of at most PART_BYTES (a tar entry states its size before its bytes,
 * and a table's or a blob's size is not known before it is read); `<part>` counts from 000000, and
 * a stream is its parts concatenated. A table without rows has no part.
 */
export const ARCHIVE_FORMAT = 'heirloom-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const CHECKSUMS_ENTRY = 'checksums.json';
export const PART_BYTES = 4 * 1024 * 1024;

/** The session settings both ends use, so every value is written and read back exactly. */
export const COPY_SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET client_encoding = 'UTF8'",
  "SET bytea_output = 'hex'",
];

const zTable = z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1) });

export const zArchiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  /** Names the master key the blobs' and secrets' keys are wrapped with (never the key). */
  masterKeyFingerprint: z.string().regex(/^[0-9a-f]{32}$/),
  /** The drizzle migrations the rows were written under: how many, and the last one's tag. */
  migrations: z.object({ count: z.number().int().min(1), lastTag: z.string() }),
  source: z.object({ database: z.enum(['embedded', 'postgres']), postgresVersion: z.string(), storage: z.enum(['disk', 's3']) }),
  /** Every table of the public schema, parents before children; columns as in the parts (generated ones left out). */
  tables: z.array(zTable),
  /** The sequences' positions (pg_sequences), set again after the rows are loaded. */
  sequences: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), lastValue: z.string().regex(/^-?\d+$/).nullable() })),
});
export type ArchiveManifest = z.infer<typeof zArchiveManifest>;

const zHashed = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export const zArchiveChecksums = z.object({
  /** Per table: its rows and the sha256 of its COPY text (its parts concatenated). */
  tables: z.record(z.string(), zHashed.extend({ rows: z.number().int().min(0) })),
  /** Per blob (storage key): the sha256 of the stored bytes. */
  blobs: z.record(z.string(), zHashed),
  /** Committed files whose blob was not in the store: deleted between the snapshot and its copy, or lost before. */
  missingBlobs: z.array(z.string()),
});
export type ArchiveChecksums = z.infer<typeof zArchiveChecksums>;

export const tablePart = (table: string, part: number) => `tables/${table}/${String(part).padStart(6, '0')}`;
export const blobPart = (key: string, part: number) => `blobs/${key}/${String(part).padStart(6, '0')}`;

/** `tables/<t>/<n>` or `blobs/<key>/<n>` → its stream and part number; null for any other name. */
export function parsePart(name: string): { kind: 'tables' | 'blobs'; stream: string; part: number } | null {
  const match = /^(tables|blobs)\/(.+)\/(\d{6})$/.exec(name);
  return match ? { kind: match[1] as 'tables' | 'blobs', stream: match[2]!, part: Number(match[3]) } : null;
}

/** The migrations this version ships, in order (drizzle's journal). */
export function shippedMigrations(): { tag: string }[] {
  return (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries;
}

/** This install's version (package.json, found above the source or the built copy). */
export function appVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'heirloom') return pkg.version ?? 'unknown';
    }
  }
  return 'unknown';
}
