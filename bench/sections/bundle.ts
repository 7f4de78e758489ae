import fs from 'node:fs';
import path from 'node:path';
import { jsSizes } from '../../scripts/js-sizes.ts';
import { kb, type Report } from '../lib/report.ts';

const WEB = 'dist/web';

/**
 * Built JS per route, gzip level 9, from Vite's manifest through the one measuring function
 * (scripts/js-sizes.ts): the landing page in full (incl. React), each persona dashboard's own JS —
 * its layout and screen with their static imports beyond the entry's.
 */
export function measureBundle(report: Report): void {
  if (!fs.existsSync(path.join(WEB, '.vite/manifest.json'))) {
    report.skip('Built JS (gzip)', 'all', 'dist/web/.vite/manifest.json missing — run npm run build');
    return;
  }
  const section = 'Built JS (gzip)';
  for (const size of jsSizes(path.resolve(WEB))) {
    if (size.budget) {
      const what = size.budget.name === 'total' ? `all JS incl. React (${size.files} files)` : 'own JS beyond the entry (layout + screen)';
      report.add({ section, measure: `${size.route}: ${what}`, figure: kb(size.budget.value), budget: `<${kb(size.budget.limit)}`, pass: size.budget.holds });
    }
    report.add({ section, measure: `${size.route}: all JS loaded at first visit (${size.files} files)`, figure: kb(size.totalGzip) });
  }
}
