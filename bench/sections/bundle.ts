import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { kb, type Report } from '../lib/report.ts';

const WEB = 'dist/web';
const LANDING_BUDGET = 120 * 1024;
const DASHBOARD_BUDGET = 60 * 1024;

/** Each persona's dashboard screen: its source module (the router's lazy import). */
const DASHBOARDS: Record<string, string> = {
  'estate owner dashboard': 'routes/estate-owner/dashboard.tsx',
  'beneficiary home': 'routes/beneficiary/home.tsx',
  'estate administrator dashboard': 'routes/estate-administrator/dashboard.tsx',
  'planner dashboard': 'routes/legacy-planner/dashboard.tsx',
  'admin dashboard': 'routes/admin/dashboard.tsx',
};
const LANDING_SCREEN = 'routes/landing.tsx';
const PERSONA_LAYOUT = 'layouts/persona-layout.tsx';

const gzipSize = (file: string): number => zlib.gzipSync(fs.readFileSync(path.join(WEB, file)), { level: 9 }).length;

/** Built files (relative to dist/web) of a source module, and each chunk's static imports. */
interface BuildGraph {
  chunkOf(source: string): string | undefined;
  staticImports(chunk: string): string[];
  entryChunks: string[];
  how: string;
}

function fromManifest(): BuildGraph | undefined {
  const file = path.join(WEB, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const byFile = new Map(Object.values(manifest).map((m) => [m.file, m]));
  return {
    how: 'vite manifest',
    chunkOf: (source) => manifest[source]?.file,
    staticImports: (chunk) => (byFile.get(chunk)?.imports ?? []).map((key) => manifest[key]!.file),
    entryChunks: Object.values(manifest)
      .filter((m) => m.isEntry)
      .map((m) => m.file),
  };
}

/**
 * Without a manifest: index.html's scripts are the entry; a chunk's static imports are its
 * `from"./x.js"` / `import"./x.js"`; a screen's chunk is found by the order of the router's lazy
 * imports — the n-th `import("./dashboard-….js")` of the built router is the n-th
 * `import('./routes/…/dashboard.tsx')` of src/web/router.tsx.
 */
function fromImportGraph(): BuildGraph {
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const entryChunks = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const read = (chunk: string) => fs.readFileSync(path.join(WEB, chunk), 'utf8');
  const staticImports = (chunk: string): string[] => {
    const dir = path.posix.dirname(chunk);
    return [...read(chunk).matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => path.posix.join(dir, m[1]!));
  };
  const closure = collect(entryChunks, staticImports);
  const routerChunk = closure.find((c) => /import\(["'`]\.\//.test(read(c)));
  const sourceOrder = [...fs.readFileSync('src/web/router.tsx', 'utf8').matchAll(/import\('\.\/((?:routes|layouts)\/[^']+\.tsx)'\)/g)].map((m) => m[1]!);
  const builtOrder = routerChunk ? [...read(routerChunk).matchAll(/import\(["'`]\.\/([^"'`]+\.js)["'`]\)/g)].map((m) => path.posix.join(path.posix.dirname(routerChunk), m[1]!)) : [];
  return {
    how: 'index.html + import graph',
    entryChunks,
    staticImports,
    chunkOf: (source) => {
      const base = path.basename(source, '.tsx');
      const nth = sourceOrder.filter((s) => path.basename(s, '.tsx') === base).indexOf(source);
      return builtOrder.filter((b) => path.basename(b).startsWith(`${base}-`))[nth];
    },
  };
}

function collect(start: string[], next: (chunk: string) => string[]): string[] {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const chunk = stack.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    stack.push(...next(chunk));
  }
  return [...seen];
}

const total = (chunks: string[]) => chunks.reduce((sum, c) => sum + gzipSize(c), 0);

/** Built JS per route, gzip level 9: the landing page in full, each persona dashboard's own chunk. */
export function measureBundle(report: Report): void {
  if (!fs.existsSync(path.join(WEB, 'index.html'))) {
    report.skip('Built JS (gzip)', 'all', 'dist/web missing — run npm run build');
    return;
  }
  const graph = fromManifest() ?? fromImportGraph();
  const section = `Built JS (gzip, ${graph.how})`;
  const entry = collect(graph.entryChunks, graph.staticImports);
  const landingChunk = graph.chunkOf(LANDING_SCREEN);
  const landing = collect([...entry, ...(landingChunk ? [landingChunk] : [])], graph.staticImports);
  const landingBytes = total(landing);
  report.add({ section, measure: `landing page, all JS incl. React (${landing.length} files)`, figure: kb(landingBytes), budget: `<${kb(LANDING_BUDGET)}`, pass: landingChunk !== undefined && landingBytes < LANDING_BUDGET });
  for (const [name, source] of Object.entries(DASHBOARDS)) {
    const chunk = graph.chunkOf(source);
    if (!chunk) {
      report.skip(section, name, `no built chunk found for ${source}`);
      continue;
    }
    const own = gzipSize(chunk);
    const layout = graph.chunkOf(PERSONA_LAYOUT);
    const route = collect([...entry, ...(layout ? [layout] : []), chunk], graph.staticImports);
    report.add({ section, measure: `${name}: own chunk ${path.basename(chunk)}`, figure: kb(own), budget: `<${kb(DASHBOARD_BUDGET)}`, pass: own < DASHBOARD_BUDGET });
    report.add({ section, measure: `${name}: all JS loaded at first visit (${route.length} files)`, figure: kb(total(route)) });
  }
}
