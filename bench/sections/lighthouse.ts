import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Role } from '../../src/core/roles.ts';
import { personaFor } from '../../src/core/personas.ts';
import type { Report } from '../lib/report.ts';
import { browserCookies, type Session } from '../lib/sessions.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BUDGET = 95;

/**
 * The session's cookies, put into a freshly launched Chromium's own cookie jar through the DevTools
 * protocol (Playwright over CDP): a Cookie header in Lighthouse's extraHeaders does not reach the
 * page's own fetches as a signed-in browser's cookies would (the dashboards ended on /sign-in).
 */
async function signInBrowser(port: number, base: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0]!.addCookies(browserCookies(session, base));
  // Disconnects Playwright only; Chromium keeps running for Lighthouse.
  await browser.close();
}

/**
 * Lighthouse performance (desktop preset) of the landing page and each persona's dashboard, each in
 * a fresh Chromium (a cold cache, as a first visit), signed in through the browser's cookie jar.
 */
export async function measureLighthouse(report: Report, base: string, sessions: Partial<Record<Role, Session>>): Promise<void> {
  const section = 'Lighthouse performance (desktop)';
  const pages: { name: string; path: string; session?: Session }[] = [{ name: 'landing page', path: '/' }];
  for (const [role, session] of Object.entries(sessions) as [Role, Session][]) {
    pages.push({ name: `${role} dashboard`, path: personaFor(role).path, session });
  }
  for (const page of pages) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
    try {
      if (page.session) await signInBrowser(chrome.port, base, page.session);
      const result = await lighthouse(
        base + page.path,
        // The storage reset would clear the cookies just set; the browser is fresh, so the cache is cold anyway.
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(page.session) },
        desktopConfig,
      );
      const lhr = result?.lhr;
      const score = lhr?.categories.performance?.score;
      if (!lhr || score === null || score === undefined) {
        report.skip(section, page.name, lhr?.runtimeError?.message ?? lhr?.audits['largest-contentful-paint']?.errorMessage ?? 'no score');
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
    } finally {
      chrome.kill();
    }
  }
}
