import type { TSnapshotItem } from '../../../core/audit-integrity.schemas.ts';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "3 memories and 2 documents": what the record holds, counted as the estate page counts them (a
 * memory's photos and recordings are part of the memory, not items of their own).
 */
export function releasedInWords(items: readonly Pick<TSnapshotItem, 'kind'>[]): string {
  const memories = items.filter((i) => i.kind === 'memory').length;
  const documents = items.filter((i) => i.kind === 'document').length;
  if (!memories && !documents) return 'nothing';
  return [memories && counted(memories, 'memory', 'memories'), documents && counted(documents, 'document', 'documents')].filter(Boolean).join(' and ');
}
