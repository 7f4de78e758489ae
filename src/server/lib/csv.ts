/** A CSV cell: text, a number, or nothing. */
export type CsvCell = string | number | null;

/** Cells a spreadsheet would run as a formula (=, +, -, @; tab and CR too, per OWASP's CSV injection advice). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Cells that must be quoted under RFC 4180. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Written first in files meant for spreadsheets, so Excel reads the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): text that a spreadsheet would read as a formula gets a leading single
 * quote; text with a comma, quote or line break is quoted, quotes doubled. Numbers are written as
 * they are (never prefixed, so a count stays a number); null is an empty field.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV document: a header row, then the rows; CRLF after every record. */
export function toCsv(header: string[], rows: CsvCell[][], options: { bom?: boolean } = {}): string {
  const body = [header, ...rows].map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
  return options.bom ? UTF8_BOM + body : body;
}
