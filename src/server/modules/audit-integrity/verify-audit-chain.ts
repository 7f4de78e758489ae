import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { TAuditVerification } from '../../../core/audit-integrity.schemas.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';
import { auditRowHash, chainOf, PLATFORM_CHAIN } from '../../lib/audit-chain.ts';

export const VERIFY_BATCH = 2000;

interface ChainTail {
  id: number;
  hash: string;
}

const chainName = (chain: string) => (chain === PLATFORM_CHAIN ? 'the platform chain' : `the chain of estate ${chain}`);

/**
 * Walk every chain of audit_log in id order, in bounded keyset batches (never the whole table), and
 * report the chains intact or the FIRST broken link (ADR 0045): a row whose content no longer gives
 * its hash (altered), whose previous-hash names no row (a row before it was deleted), names a row
 * that is not the chain's previous one (reordered, or a row slipped in), or that has no hash at all
 * (written around the chain). Memory: one tail (id + hash) per chain.
 */
export async function verifyAuditChain(db: Db, options: { batchSize?: number; onProgress?: (rowsChecked: number) => void } = {}): Promise<TAuditVerification> {
  const batchSize = options.batchSize ?? VERIFY_BATCH;
  const tails = new Map<string, ChainTail>();
  let rowsChecked = 0;
  let erasedRows = 0;
  let after = 0;
  for (;;) {
    const page = await db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(batchSize);
    for (const row of page) {
      const chain = chainOf(row.estateId);
      const tail = tails.get(chain) ?? null;
      const broken = (problem: TAuditVerification['problem'] & string, message: string): TAuditVerification => ({
        intact: false,
        rowsChecked,
        chains: tails.size,
        erasedRows,
        problem,
        chain,
        rowId: row.id,
        message: `Broken at row ${row.id} of ${chainName(chain)}: ${message}`,
      });
      if (row.hash === null) return broken('unchained', 'it has no hash, so it was written around the audit chain.');
      if (row.prevHash !== (tail?.hash ?? null)) {
        const problem = await explainLink(db, row.estateId, row.prevHash, tail);
        return broken(problem.kind, problem.message);
      }
      if (row.erased) erasedRows++;
      else if (auditRowHash(row, row.prevHash) !== row.hash) return broken('altered', 'its content was changed after it was written (its hash no longer matches).');
      tails.set(chain, { id: row.id, hash: row.hash });
      rowsChecked++;
    }
    options.onProgress?.(rowsChecked);
    if (page.length < batchSize) break;
    after = page[page.length - 1]!.id;
  }
  return {
    intact: true,
    rowsChecked,
    chains: tails.size,
    erasedRows,
    problem: null,
    chain: null,
    rowId: null,
    message: `The audit record is intact: ${rowsChecked} ${rowsChecked === 1 ? 'entry' : 'entries'} in ${tails.size} ${tails.size === 1 ? 'chain' : 'chains'} checked.`,
  };
}

/** Why a row's previous-hash is not its chain's previous row: one lookup, only once it is broken. */
async function explainLink(
  db: Db,
  estateId: string | null,
  prevHash: string | null,
  tail: ChainTail | null,
): Promise<{ kind: 'missing' | 'reordered'; message: string }> {
  if (prevHash === null) {
    return { kind: 'reordered', message: `it claims to start the chain, but row ${tail?.id ?? '?'} comes before it.` };
  }
  const inChain = estateId === null ? isNull(auditLog.estateId) : eq(auditLog.estateId, estateId);
  const [named] = await db.select({ id: auditLog.id }).from(auditLog).where(and(inChain, eq(auditLog.hash, prevHash))).limit(1);
  if (!named) {
    return {
      kind: 'missing',
      message: tail ? `a row between row ${tail.id} and this one is missing (deleted).` : 'the rows before it in its chain are missing (deleted).',
    };
  }
  return {
    kind: 'reordered',
    message: `it should follow row ${named.id}, but follows row ${tail?.id ?? 'none'} (rows were reordered or a row was slipped in).`,
  };
}
