import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Writes a .br and a .gz beside every text file of the build, once, so the server sends them
 * (@fastify/static preCompressed) without compressing on each request (docs/decisions/0050).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'heirloom-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The React SPA: source in src/web, built to dist/web (served by the Fastify server). */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // bench/ and scripts/js-sizes.ts read dist/web/.vite/manifest.json to report JS per route.
    manifest: true,
    // Current browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17); an older one only
    // loads a page's chunks one after another, so no polyfill in every page's first code.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
