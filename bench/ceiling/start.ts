import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { hammer, warmUpWith, type Measured } from '../lib/load.ts';
import { waitForHealth } from '../lib/server.ts';
import { CEILINGS, SEARCHES, slugOf } from './sql.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where two JSON answers first differ (a path such as `items[0].media`), or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return `${at || '(top)'} (${a.length} items, the app's ${b.length})`;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], Array.isArray(a) ? `${at}[${key}]` : at ? `${at}.${key}` : key);
      if (found) return found;
    }
  }
  return at || '(top)';
}

/** The app's answer to one user's request for a screen, and that user's headers. */
export interface AppAnswer {
  headers: Record<string, string>;
  body: unknown;
}

export interface Ceiling {
  /** The ceiling server's process (for its CPU time). */
  pid: number;
  /** The ceiling's address for a screen. */
  urlOf(screen: string, searchTerm: string): string;
  /** Why the ceiling cannot stand for this screen (none written, an error, an answer unlike the app's for one of the sessions), or null. */
  check(screen: string, answers: AppAnswer[], searchTerm: string): Promise<string | null>;
  /**
   * This screen's ceiling: first its answer for each session must be deep-equal to the app's answer
   * for it; then its figures for the first session — or why there are none.
   */
  measure(screen: string, answers: AppAnswer[], searchTerm: string): Promise<Measured | { none: string }>;
  stop(): void;
}

/** Starts the ceiling server on `port` against the database the app under measure uses. */
export async function startCeiling(port: number, databaseUrl: string): Promise<Ceiling> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts'), String(port), databaseUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, 30, '/ready');
  const urlOf = (screen: string, searchTerm: string) => `${base}/${slugOf(screen)}${SEARCHES.has(screen) ? `?q=${encodeURIComponent(searchTerm)}` : ''}`;
  const check = async (screen: string, answers: AppAnswer[], searchTerm: string): Promise<string | null> => {
    if (!CEILINGS[screen]) return 'no ceiling written for this screen yet';
    for (const [i, { headers, body: appBody }] of answers.entries()) {
      const answer = await fetch(urlOf(screen, searchTerm), { headers });
      const body = (await answer.json()) as unknown;
      if (!answer.ok) return `the ceiling answered ${answer.status}`;
      const differs = firstDifference(body, appBody);
      if (differs) return `the ceiling’s answer differs from the app’s at ${differs} for user ${i + 1} of ${answers.length} (fix bench/ceiling/sql.ts)`;
    }
    return null;
  };
  return {
    pid: child.pid!,
    urlOf,
    check,
    async measure(screen, answers, searchTerm) {
      const why = await check(screen, answers, searchTerm);
      if (why) return { none: why };
      const url = urlOf(screen, searchTerm);
      const first = answers[0]!.headers;
      await warmUpWith(url, first);
      return hammer(url, first);
    },
    stop: () => child.kill('SIGTERM'),
  };
}
