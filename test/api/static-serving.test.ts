import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_SCREENS, PUBLIC_SCREENS } from '../../src/core/app-routes.ts';
import { buildTestApp, injectAs, type TestApp } from '../helpers.ts';

/**
 * The built front end as a browser gets it: compressed when it accepts that, hashed assets kept for
 * a year, index.html revalidated on every load so a deploy reaches everyone (ADR 0050). A small
 * stand-in for dist/web, shaped as Vite and the precompress step leave it.
 */
let t: TestApp;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
  fs.writeFileSync(path.join(web, 'assets/index-AbC123.js'), script);
  fs.writeFileSync(path.join(web, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(web, 'assets/index-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ webDist: web });
});
afterAll(async () => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compression', () => {
  it('sends the brotli file to a browser that accepts br, gzip to one that takes only gzip, and plain text otherwise', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbC123.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html on every load, asked for by name or as the fallback of an app route', async () => {
    for (const url of ['/index.html', '/', '/estate-owner/memories', '/beneficiary']) {
      const res = await injectAs(t, null, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps an unhashed file for an hour only, and API answers not at all', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
  });
});

describe("a page's own code, named for preloading", () => {
  let built: TestApp;
  const chunk = (file: string, imports: string[] = [], extra: object = {}) => ({ file: `assets/${file}`, imports, ...extra });
  beforeAll(async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-web-'));
    fs.mkdirSync(path.join(web, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>Heirloom</title></head><body></body></html>');
    // Shaped as Vite writes it: the layout in a shared chunk (something imports it statically), screens as their own keys.
    const manifest: Record<string, object> = {
      'index.html': chunk('index-E1.js', ['_react-R1.js'], { isEntry: true }),
      '_react-R1.js': chunk('react-R1.js'),
      '_persona-layout-L1.js': chunk('persona-layout-L1.js', ['_react-R1.js', '_dialog-D1.js'], { name: 'persona-layout' }),
      '_dialog-D1.js': chunk('dialog-D1.js', ['_react-R1.js']),
      '_card-C1.js': chunk('card-C1.js', ['_react-R1.js']),
    };
    for (const file of [...Object.values(PUBLIC_SCREENS), ...Object.values(PERSONA_SCREENS).flatMap((screens) => Object.values(screens))]) {
      manifest[`routes/${file}.tsx`] = chunk(`${file.replace('/', '-')}-S1.js`, ['_react-R1.js', ...(file === 'estate-owner/dashboard' ? ['_card-C1.js'] : [])]);
    }
    fs.writeFileSync(path.join(web, '.vite/manifest.json'), JSON.stringify(manifest));
    built = await buildTestApp({ webDist: web });
  });
  afterAll(async () => built.close());

  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();

  it("names the screen's chunks and the persona layout's, and none the entry already loads", async () => {
    const res = await built.app.inject({ method: 'GET', url: '/estate-owner?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/card-C1.js', '/assets/dialog-D1.js', '/assets/estate-owner-dashboard-S1.js', '/assets/persona-layout-L1.js']);
    expect(preloads((await built.app.inject({ method: 'GET', url: '/beneficiary/estate/a1b2' })).body)).toEqual([
      '/assets/beneficiary-estate-S1.js',
      '/assets/dialog-D1.js',
      '/assets/persona-layout-L1.js',
    ]);
    expect(preloads((await built.app.inject({ method: 'GET', url: '/sign-in/' })).body)).toEqual(['/assets/sign-in-S1.js']);
  });

  it("tells crawlers in a memorial page's first HTML never to index it, and keeps them out of memorials in robots.txt", async () => {
    const memorial = await built.app.inject({ method: 'GET', url: `/memorial/${'A'.repeat(43)}` });
    expect(memorial.statusCode).toBe(200);
    expect(memorial.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(memorial.body).toMatch(/<head>.*<meta name="robots" content="noindex, nofollow, noarchive">.*<\/head>/);
    expect(preloads(memorial.body)).toEqual(['/assets/memorial-S1.js']);
    const other = await built.app.inject({ method: 'GET', url: '/sign-in' });
    expect(other.body).not.toContain('name="robots"');
    expect(other.headers['x-robots-tag']).toBeUndefined();

    const robots = await built.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /memorial/\nDisallow: /api/\n');
  });

  it('sends a page unchanged since the last load as 304, and the plain app with a 404 for a page that does not exist', async () => {
    const first = await built.app.inject({ method: 'GET', url: '/estate-owner/memories' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await built.app.inject({ method: 'GET', url: '/estate-owner/memories', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await built.app.inject({ method: 'GET', url: '/estate-owner/documents', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(other.statusCode).toBe(200);
    const missing = await built.app.inject({ method: 'GET', url: '/estate-owner/nothing', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(preloads(missing.body)).toEqual([]);
  });
});
