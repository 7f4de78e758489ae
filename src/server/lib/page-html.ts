import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APP_SCREENS, PERSONA_LAYOUT_FILE, type AppScreen } from '../../core/app-routes.ts';
import { MEMORIAL_ROBOTS, MEMORIAL_SCREEN } from '../../core/memorial.schemas.ts';
import { chunkKeyOf, entryKeyOf, readWebManifest, staticClosure } from './web-manifest.ts';

export interface PageHtml {
  body: string;
  /** strong: the same bytes for as long as this build is served */
  etag: string;
}

const pageOf = (body: string): PageHtml => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });

/** A memorial's page tells crawlers in its first HTML, before any script runs, never to index it (ADR 0107). */
const robotsOf = (screen: AppScreen) => (screen.file === MEMORIAL_SCREEN ? `<meta name="robots" content="${MEMORIAL_ROBOTS}">` : '');

/**
 * The app's index.html for each screen, with that screen's code (and the persona layout's) named in
 * `<link rel="modulepreload">`: the browser fetches it beside the entry instead of discovering it
 * only after the entry has run, over the handful of connections HTTP/1.1 gives it (ADR 0097), and a
 * memorial's robots meta. Built once at start from Vite's manifest; without one (a build that has
 * none, the tests' stand-in) nothing is preloaded.
 */
export function pageHtmlByScreen(webDist: string): (screen: AppScreen) => PageHtml {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const plain = pageOf(index);
  const manifest = readWebManifest(webDist);
  const inEntry = manifest ? staticClosure(manifest, [entryKeyOf(manifest)]) : new Set<string>();
  const preloadsOf = (screen: AppScreen) => {
    if (!manifest) return '';
    const sources = [...(screen.inPersonaLayout ? [`${PERSONA_LAYOUT_FILE}.tsx`] : []), `routes/${screen.file}.tsx`];
    const chunks = [...staticClosure(manifest, sources.map((source) => chunkKeyOf(manifest, source)))].filter((key) => !inEntry.has(key));
    return chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`).join('');
  };
  const pages = new Map<string, PageHtml>();
  for (const screen of APP_SCREENS) {
    const head = robotsOf(screen) + preloadsOf(screen);
    if (head) pages.set(screen.path, pageOf(index.replace('</head>', `${head}</head>`)));
  }
  return (screen) => pages.get(screen.path) ?? plain;
}
