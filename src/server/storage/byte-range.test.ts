import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-500', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES = 1 - 2', { kind: 'partial', start: 1, end: 2 }],
  ])('%s is one range', (header, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=99999999999999999999-'])('%s cannot be satisfied', (header) => {
    expect(parseByteRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('no range of an empty file can be satisfied', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-3', 'items=0-1', 'bytes=0-1,5-6', 'bytes=a-b', 'bytes=0-1;x'])(
    '%s is answered with the whole file',
    (header) => {
      expect(parseByteRange(header, size)).toEqual({ kind: 'full' });
    },
  );
});
