import { chromium, type Browser } from '@playwright/test';
import type { Role } from '../../src/core/roles.ts';
import { personaFor } from '../../src/core/personas.ts';
import { ms, percentile, type Report } from '../lib/report.ts';
import { browserCookies, type Session } from '../lib/sessions.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LOADS = 7;
const BUDGET_MS = 500;

/** What one cold load saw, in ms from the navigation's start (the page's time origin). */
interface ColdLoad {
  /** the screen's h1 inside <main>: the persona area renders it only once every loader has its data */
  visible: number;
  sessionStart: number;
  scripts: number;
}

const median = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);

async function coldLoad(browser: Browser, url: string, session: Session): Promise<ColdLoad> {
  // A new context has its own empty cache and cookie jar: a first visit, signed in.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(browserCookies(session, url));
    await context.addInitScript(() => {
      const w = window as unknown as { __visibleAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('main h1')) {
          w.__visibleAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, undefined, { timeout: 30_000 });
    return await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const session = resources.find((r) => new URL(r.name).pathname === '/api/v1/auth/session');
      return {
        visible: (window as unknown as { __visibleAt: number }).__visibleAt,
        sessionStart: session?.startTime ?? Number.NaN,
        scripts: resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).length,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * Issue 26's budget: a first visit to each persona's dashboard, signed in, shows its content within
 * 500 ms (the median of seven loads, each in a fresh browser context: an empty cache). "Visible" is
 * the screen's h1 appearing, which the router renders only after the screen's data has arrived.
 * Chromium without throttling on loopback, so the figure is the work and the waterfall, not a network.
 */
export async function measureColdLoad(report: Report, base: string, sessions: Partial<Record<Role, Session>>, label: string): Promise<void> {
  const section = `Cold page load, ${label}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const [role, session] of Object.entries(sessions) as [Role, Session][]) {
      const url = base + personaFor(role).path;
      await coldLoad(browser, url, session); // the server's first answer for this user (its caches, its plans)
      const loads: ColdLoad[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, url, session));
      const visible = median(loads.map((l) => l.visible));
      report.add({
        section,
        measure: `${role} dashboard (${personaFor(role).path}) to visible content, median of ${LOADS}`,
        figure: `${ms(visible)} · session asked at ${ms(median(loads.map((l) => l.sessionStart)))} · ${loads[0]!.scripts} scripts`,
        budget: `≤${BUDGET_MS} ms`,
        pass: visible <= BUDGET_MS,
      });
    }
  } finally {
    await browser.close();
  }
}
