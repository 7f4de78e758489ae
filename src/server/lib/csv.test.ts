import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV writer (RFC 4180, safe in spreadsheets)', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Ellis, Margaret')).toBe('"Ellis, Margaret"');
    expect(csvField('the "good" china')).toBe('"the ""good"" china"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=1,2')).toBe('"\'=1,2"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('ends every record with CRLF and can start with a UTF-8 byte-order mark', () => {
    expect(toCsv(['Name', 'Progress %'], [['Zoë', 65]])).toBe('Name,Progress %\r\nZoë,65\r\n');
    expect(toCsv(['a'], [], { bom: true })).toBe('\uFEFFa\r\n');
  });
});
