import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { hammer, warmUpWith, type Measured } from '../lib/load.ts';
import { waitForHealth } from '../lib/server.ts';
import { CEILINGS, SEARCHES, slugOf } from './sql.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Ceiling {
  /** This screen's ceiling for this session: its figures, or why there are none. */
  measure(screen: string, headers: Record<string, string>, appAnswer: unknown, searchTerm: string): Promise<Measured | { none: string }>;
  stop(): void;
}

/** Starts the ceiling server on `port` against the database the app under measure uses. */
export async function startCeiling(port: number, databaseUrl: string): Promise<Ceiling> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts'), String(port), databaseUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, 30, '/ready');
  return {
    async measure(screen, headers, appAnswer, searchTerm) {
      if (!CEILINGS[screen]) return { none: 'no ceiling written for this screen yet' };
      const url = `${base}/${slugOf(screen)}${SEARCHES.has(screen) ? `?q=${encodeURIComponent(searchTerm)}` : ''}`;
      const answer = await fetch(url, { headers });
      const body = (await answer.json()) as unknown;
      if (!answer.ok) return { none: `the ceiling answered ${answer.status}` };
      if (!isDeepStrictEqual(body, appAnswer)) return { none: 'the ceiling’s answer differs from the app’s (fix bench/ceiling/sql.ts)' };
      await warmUpWith(url, headers);
      return hammer(url, headers);
    },
    stop: () => child.kill('SIGTERM'),
  };
}
