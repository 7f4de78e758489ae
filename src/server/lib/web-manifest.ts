import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json, vite.config.ts `manifest: true`). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type WebManifest = Record<string, ManifestChunk>;

export function readWebManifest(webDist: string): WebManifest | null {
  const file = path.join(webDist, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as WebManifest) : null;
}

export function entryKeyOf(manifest: WebManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the web manifest has no entry');
  return entry;
}

/**
 * The manifest key of a source file under src/web (`routes/landing.tsx`): the file itself while only
 * imported lazily; once something also imports it statically it lives in a shared chunk, keyed
 * `_<name>-<hash>.js`.
 */
export function chunkKeyOf(manifest: WebManifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source, path.extname(source));
  const shared = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === name);
  if (!shared) throw new Error(`${source} is not in the web manifest`);
  return shared;
}

/** The chunks loaded with these: them and everything they import statically. */
export function staticClosure(manifest: WebManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}
