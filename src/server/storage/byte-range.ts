/**
 * The `Range` header of a download (RFC 9110 §14), for one representation of `size` bytes.
 *
 * - no header, another unit, a syntax error or several ranges → `full` (a 200 with the whole file;
 *   ADR 0032: one range at most, browsers never ask media for more);
 * - one satisfiable range → `partial` with its inclusive bounds, clipped to the file;
 * - one range that starts past the end (or a zero-length suffix, or any range of an empty file)
 *   → `unsatisfiable` (a 416 with `Content-Range: bytes *\/size`).
 */
export type ByteRange = { kind: 'full' } | { kind: 'unsatisfiable' } | { kind: 'partial'; start: number; end: number };

const FULL: ByteRange = { kind: 'full' };
const UNSATISFIABLE: ByteRange = { kind: 'unsatisfiable' };
// 15 digits stay exact as JavaScript numbers; anything longer is far beyond any stored file anyway.
const SINGLE = /^bytes[ \t]*=[ \t]*(\d{0,15})[ \t]*-[ \t]*(\d{0,15})[ \t]*$/i;
const OVERSIZED = /^bytes[ \t]*=[ \t]*\d{16,}[ \t]*-/i;

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return FULL;
  if (OVERSIZED.test(header) && !header.includes(',')) return UNSATISFIABLE;
  const match = SINGLE.exec(header);
  if (!match) return FULL;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return FULL;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return FULL;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
