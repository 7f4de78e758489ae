import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/client.ts';
import { auditLog } from '../db/schema/system.ts';

/**
 * The audit log's hash chains (ADR 0045). One chain per estate; rows without an estate form the
 * platform chain. Each row stores the hash of the previous row of its chain (`prev_hash`, null for a
 * chain's first row) and its own `hash` = SHA-256 over the canonical serialisation of its fields and
 * `prev_hash`. Every write of audit_log goes through `appendAuditRows` (lib/audit.ts calls it).
 */

export type AuditRowInput = Omit<typeof auditLog.$inferInsert, 'id' | 'prevHash' | 'hash' | 'erased'>;

/** The fields a hash covers, as they read back from the database. */
export interface ChainedFields {
  id: number;
  at: Date;
  action: string;
  actorUserId: string | null;
  estateId: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string;
  userAgent: string;
  details: Record<string, unknown>;
}

/** The platform chain's name (rows without an estate); an estate's chain is named by its id. */
export const PLATFORM_CHAIN = 'platform';
export const chainOf = (estateId: string | null | undefined): string => estateId ?? PLATFORM_CHAIN;

/** Lock namespace of audit chain appends (pg_advisory_xact_lock(space, hashtext(chain))). */
const LOCK_AUDIT_CHAIN = 45_001;

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  const normal: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value));
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(normal));
}

/** SHA-256 (hex) of one row: its canonical fields in a fixed order, then the previous hash. */
export function auditRowHash(row: ChainedFields, prevHash: string | null): string {
  const canonical = JSON.stringify([
    'heirloom-audit-v1',
    row.id,
    row.at.toISOString(),
    row.action,
    row.actorUserId,
    row.estateId,
    row.targetType,
    row.targetId,
    row.ip,
    row.userAgent,
    canonicalJson(row.details),
    prevHash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Lock one chain until the surrounding transaction ends: appends to it happen one at a time. */
async function lockChain(tx: Db, chain: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_AUDIT_CHAIN}::int4, hashtext(${chain}))`);
}

/** The hash of the newest row of a chain (null for an empty chain). */
async function tailHash(tx: Db, estateId: string | null): Promise<string | null> {
  const [tail] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(estateId === null ? isNull(auditLog.estateId) : eq(auditLog.estateId, estateId))
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  return tail?.hash ?? null;
}

/**
 * Append rows to their chains. Per chain, in one transaction (a savepoint inside the caller's): the
 * chain is locked, its tail read, ids drawn from the sequence under the lock (so a chain's id order is
 * its append order), each row hashed onto the previous, and all inserted in one statement. Chains are
 * taken in a fixed (sorted) order so two multi-chain batches cannot deadlock each other.
 * Costs one lock, one indexed tail read, one nextval and one insert per chain.
 */
export async function appendAuditRows(db: Db, rows: AuditRowInput[]): Promise<void> {
  if (!rows.length) return;
  const byChain = new Map<string, AuditRowInput[]>();
  for (const row of rows) {
    const key = chainOf(row.estateId);
    byChain.set(key, [...(byChain.get(key) ?? []), row]);
  }
  for (const key of [...byChain.keys()].sort()) {
    const chainRows = byChain.get(key)!;
    await inTransaction(db, async (tx) => {
      await lockChain(tx, key);
      let prev = await tailHash(tx, key === PLATFORM_CHAIN ? null : key);
      const drawn = await tx.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id from generate_series(1, ${chainRows.length}::int)`);
      const idList = (drawn as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      const values = chainRows.map((row, i) => {
        const fields: ChainedFields = {
          id: idList[i]!,
          at: row.at ?? new Date(),
          action: row.action,
          actorUserId: row.actorUserId ?? null,
          estateId: row.estateId ?? null,
          targetType: row.targetType ?? null,
          targetId: row.targetId ?? null,
          ip: row.ip ?? '',
          userAgent: row.userAgent ?? '',
          details: row.details ?? {},
        };
        const hash = auditRowHash(fields, prev);
        const value = { ...fields, prevHash: prev, hash };
        prev = hash;
        return value;
      });
      await tx.insert(auditLog).values(values);
    });
  }
}

/**
 * Chain rows that have no hash yet and come before every chained row of their chain (rows from
 * before the chain existed, ADR 0045): in id order, as the chain's start. Run at startup after the
 * migrations; idempotent (a chained row is never touched again) and safe with several processes (the
 * chain lock). An unchained row AFTER a chained one is left alone: it was written around the chain,
 * and the verifier names it. Reads in bounded batches.
 */
export async function chainUnchainedAuditRows(db: Db, batchSize = 1000): Promise<number> {
  let chained = 0;
  let cursor = 0;
  for (;;) {
    const [next] = await db
      .select({ id: auditLog.id, estateId: auditLog.estateId })
      .from(auditLog)
      .where(and(isNull(auditLog.hash), gt(auditLog.id, cursor)))
      .orderBy(asc(auditLog.id))
      .limit(1);
    if (!next) return chained;
    cursor = next.id;
    const estateId = next.estateId;
    const inChain = estateId === null ? isNull(auditLog.estateId) : eq(auditLog.estateId, estateId);
    chained += await inTransaction(db, async (tx) => {
      await lockChain(tx, chainOf(estateId));
      let done = 0;
      let prev: string | null = null;
      let after = 0;
      for (;;) {
        const page = await tx.select().from(auditLog).where(and(inChain, gt(auditLog.id, after))).orderBy(asc(auditLog.id)).limit(batchSize);
        for (const row of page) {
          if (row.hash !== null) return done;
          const hash = auditRowHash(row, prev);
          await tx.update(auditLog).set({ prevHash: prev, hash }).where(eq(auditLog.id, row.id));
          prev = hash;
          done++;
        }
        if (page.length < batchSize) return done;
        after = page[page.length - 1]!.id;
      }
    });
  }
}
