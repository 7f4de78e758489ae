import { describe, expect, it } from 'vitest';
import { safeSegment, UniquePaths } from './safe-names.ts';

describe('archive names', () => {
  it('makes a segment safe on every system', () => {
    expect(safeSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeSegment('..')).toBe('untitled');
    expect(safeSegment('a:b*c?"d<e>f|g\u0000h')).toBe('a_b_c__d_e_f_g_h');
    expect(safeSegment('  trailing dots... ')).toBe('trailing dots');
    expect(safeSegment('nul.txt')).toBe('_nul.txt');
    expect(safeSegment('@SUM(1)')).toBe('SUM(1)');
    expect(safeSegment('=cmd|x.csv')).toBe('cmd_x.csv');
    expect(safeSegment(' -+@=')).toBe('untitled');
    expect(safeSegment('x'.repeat(200) + '.jpeg')).toHaveLength(80);
    expect(safeSegment('x'.repeat(200) + '.jpeg').endsWith('.jpeg')).toBe(true);
  });

  it('numbers duplicates before the extension, case-insensitively', () => {
    const paths = new UniquePaths();
    expect(paths.claim(['docs', 'Will.pdf'])).toBe('docs/Will.pdf');
    expect(paths.claim(['docs', 'will.PDF'])).toBe('docs/will (2).PDF');
    expect(paths.claim(['docs', 'Will.pdf'])).toBe('docs/Will (3).pdf');
    expect(paths.claim(['other', 'Will.pdf'])).toBe('other/Will.pdf');
  });
});
