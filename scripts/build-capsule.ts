/**
 * Builds the Legacy Capsule's open.html (ADR 0098): src/capsule/open.ts bundled for the browser and
 * written inline into src/capsule/open.html, so the one file needs nothing else; and puts
 * combine-kits.py beside it (ADR 0112), where the server finds both. npm run build runs it; so does
 * the test setup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { capsuleCombinerPath } from '../src/server/sealed/capsule-files.ts';

export async function buildCapsulePage(out = path.resolve('dist/capsule/open.html')): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve('src/capsule/open.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  const template = fs.readFileSync(path.resolve('src/capsule/open.html'), 'utf8');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, template.replace('<!-- SCRIPT -->', () => `<script>${code}</script>`));
  fs.copyFileSync(path.resolve('src/capsule/combine-kits.py'), capsuleCombinerPath(out));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await buildCapsulePage();
  console.log(`${out}: ${(fs.statSync(out).size / 1024).toFixed(0)} KB`);
}
