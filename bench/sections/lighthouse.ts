import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Role } from '../../src/core/roles.ts';
import { personaFor } from '../../src/core/personas.ts';
import type { Report } from '../lib/report.ts';
import type { Session } from '../lib/sessions.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BUDGET = 95;

/**
 * Lighthouse performance (desktop preset) of the landing page and each persona's dashboard, signed
 * in by sending the demo session's cookie with every request (extraHeaders).
 */
export async function measureLighthouse(report: Report, base: string, sessions: Partial<Record<Role, Session>>): Promise<void> {
  const section = 'Lighthouse performance (desktop)';
  const pages: { name: string; path: string; session?: Session }[] = [{ name: 'landing page', path: '/' }];
  for (const [role, session] of Object.entries(sessions) as [Role, Session][]) {
    pages.push({ name: `${role} dashboard`, path: personaFor(role).path, session });
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    for (const page of pages) {
      const result = await lighthouse(
        base + page.path,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: page.session ? { cookie: page.session.cookie } : undefined },
        desktopConfig,
      );
      const lhr = result?.lhr;
      const score = lhr?.categories.performance?.score;
      if (!lhr || score === null || score === undefined) {
        report.skip(section, page.name, lhr?.runtimeError?.message ?? 'no score');
        continue;
      }
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      const lcp = lhr.audits['largest-contentful-paint']?.displayValue ?? '?';
      const wrongPage = finalPath !== page.path;
      report.add({
        section,
        measure: `${page.name} (${page.path})`,
        figure: `${Math.round(score * 100)} · LCP ${lcp}${wrongPage ? ` · ended on ${finalPath}` : ''}`,
        budget: `≥${BUDGET}`,
        pass: !wrongPage && score * 100 >= BUDGET,
      });
    }
  } finally {
    chrome.kill();
  }
}
