/** The one table a bench run prints: every figure beside its ceiling and budget, with a verdict. */
export interface Row {
  section: string;
  measure: string;
  figure: string;
  ceiling?: string;
  budget?: string;
  /** undefined: informational (no budget). */
  pass?: boolean;
}

export class Report {
  readonly rows: Row[] = [];
  add(row: Row): void {
    this.rows.push(row);
    const verdict = row.pass === undefined ? '' : row.pass ? ' PASS' : ' FAIL';
    console.log(`  ${row.section} · ${row.measure}: ${row.figure}${row.ceiling ? ` (ceiling ${row.ceiling})` : ''}${row.budget ? ` [budget ${row.budget}]` : ''}${verdict}`);
  }
  /** A row that could not be measured in this run, and why. */
  skip(section: string, measure: string, why: string): void {
    this.add({ section, measure, figure: `not measured: ${why}` });
  }

  print(title: string): void {
    const header = ['section', 'measure', 'figure', 'ceiling', 'budget', 'verdict'];
    const cells = this.rows.map((r) => [r.section, r.measure, r.figure, r.ceiling ?? '', r.budget ?? '', r.pass === undefined ? '' : r.pass ? 'PASS' : '**FAIL**']);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
    const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(`\n${title}\n`);
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const c of cells) console.log(line(c));
    const failed = this.rows.filter((r) => r.pass === false).length;
    const passed = this.rows.filter((r) => r.pass === true).length;
    console.log(`\n${passed} budgets hold, ${failed} fail${failed ? ' (rows marked FAIL)' : ''}.`);
  }
}

/** The value at fraction p (0.5: the median) of values sorted ascending; 0 for none. */
export const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0);

export const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const pct = (value: number): string => `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
