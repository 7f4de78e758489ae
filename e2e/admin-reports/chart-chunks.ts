import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the built front end (dist/web) and says where recharts went: the chunks that hold it (found
 * by its "recharts-wrapper" class name), whether the entry reaches any of them through static imports,
 * which chunks import them statically, and which load them on demand (import()).
 */
export function chartChunks(dist = path.resolve('dist/web')) {
  const assets = path.join(dist, 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const source = new Map(files.map((f) => [f, fs.readFileSync(path.join(assets, f), 'utf8')]));
  const staticImports = (code: string) => [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
  const dynamicImports = (code: string) => [...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in dist/web/index.html');
  const withRecharts = files.filter((f) => source.get(f)!.includes('recharts-wrapper'));

  const reachable = new Set<string>();
  const visit = (f: string) => {
    if (reachable.has(f)) return;
    reachable.add(f);
    for (const next of staticImports(source.get(f) ?? '')) visit(next);
  };
  visit(entry);

  return {
    entry,
    withRecharts,
    /** recharts chunks the entry pulls in with static imports (must be none) */
    inEntryGraph: withRecharts.filter((f) => reachable.has(f)),
    /** chunks, other than recharts' own, that import a recharts chunk statically (must be none) */
    staticImporters: files.filter((f) => !withRecharts.includes(f) && staticImports(source.get(f)!).some((i) => withRecharts.includes(i))),
    /** chunks that load a recharts chunk on demand, with whether each is the admin Reports screen */
    dynamicImporters: files
      .filter((f) => dynamicImports(source.get(f)!).some((i) => withRecharts.includes(i)))
      .map((f) => ({ file: f, isAdminReports: source.get(f)!.includes('Export Reports') })),
  };
}
