/**
 * Built JS per route, gzip, read from Vite's manifest (dist/web/.vite/manifest.json; `npm run build:web` first).
 * A route's JS is the entry's closure of static imports plus its screen's (and, in a persona area,
 * the layout's); "own" is what the route adds beyond the entry. Dynamic imports (dialogs opened
 * later, charts) are not counted: the browser fetches them only when used.
 *   npx tsx scripts/js-sizes.ts          prints the table, exits 1 when a budget is broken
 *   npx tsx scripts/js-sizes.ts --json   the same figures as JSON (bench/ reads them)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chunkKeyOf, entryKeyOf, readWebManifest, staticClosure } from '../src/server/lib/web-manifest.ts';

const KB = 1024;
/** Issue 14: the landing page under 120 KB gzip including React; a persona dashboard's own chunks under 60 KB. */
export const BUDGETS = { landingTotal: 120 * KB, dashboardOwn: 60 * KB };

const LAYOUT = 'layouts/persona-layout.tsx';
export const ROUTES: { route: string; screen: string; layout?: string; budget: 'landingTotal' | 'dashboardOwn' | null }[] = [
  { route: '/', screen: 'routes/landing.tsx', budget: 'landingTotal' },
  { route: '/sign-in', screen: 'routes/sign-in.tsx', budget: null },
  { route: '/estate-owner', screen: 'routes/estate-owner/dashboard.tsx', layout: LAYOUT, budget: 'dashboardOwn' },
  { route: '/legacy-planner', screen: 'routes/legacy-planner/dashboard.tsx', layout: LAYOUT, budget: 'dashboardOwn' },
  { route: '/beneficiary', screen: 'routes/beneficiary/home.tsx', layout: LAYOUT, budget: 'dashboardOwn' },
  { route: '/estate-administrator', screen: 'routes/estate-administrator/dashboard.tsx', layout: LAYOUT, budget: 'dashboardOwn' },
  { route: '/admin', screen: 'routes/admin/dashboard.tsx', layout: LAYOUT, budget: 'dashboardOwn' },
];

export interface RouteSize {
  route: string;
  files: number;
  totalGzip: number;
  ownGzip: number;
  budget: { name: string; limit: number; value: number; holds: boolean } | null;
}

export function jsSizes(webDist: string): RouteSize[] {
  const manifest = readWebManifest(webDist);
  if (!manifest) throw new Error(`${webDist}/.vite/manifest.json is missing: run npm run build:web`);
  const gzipOf = new Map<string, number>();
  const gzip = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(webDist, file)), { level: 9 }).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  const closure = (sources: string[]) => staticClosure(manifest, sources.map((source) => chunkKeyOf(manifest, source)));
  const sum = (keys: Set<string>) => [...keys].reduce((total, key) => total + gzip(manifest[key]!.file), 0);
  const entry = entryKeyOf(manifest);
  const base = closure([entry]);
  return ROUTES.map(({ route, screen, layout, budget }) => {
    const all = closure([entry, ...(layout ? [layout] : []), screen]);
    const own = new Set([...all].filter((key) => !base.has(key)));
    const totalGzip = sum(all);
    const ownGzip = sum(own);
    const value = budget === 'landingTotal' ? totalGzip : ownGzip;
    return {
      route,
      files: all.size,
      totalGzip,
      ownGzip,
      budget: budget ? { name: budget === 'landingTotal' ? 'total' : 'own', limit: BUDGETS[budget], value, holds: value < BUDGETS[budget] } : null,
    };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function main() {
  const webDist = fileURLToPath(new URL('../dist/web', import.meta.url));
  const sizes = jsSizes(webDist);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    console.table(
      sizes.map((s) => ({
        route: s.route,
        'JS files': s.files,
        'total gzip': kb(s.totalGzip),
        'own gzip (beyond the entry)': kb(s.ownGzip),
        budget: s.budget ? `${s.budget.name} < ${kb(s.budget.limit)}: ${s.budget.holds ? 'holds' : 'BROKEN'}` : '',
      })),
    );
  }
  if (sizes.some((s) => s.budget && !s.budget.holds)) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
