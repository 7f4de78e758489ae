import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../src/core/roles.ts';

export { expect };

interface Fixtures {
  /** Signs the page's browser context in as the demo user of a persona (no UI involved). */
  login: (options: { role: Role }) => Promise<void>;
  /** Automatic: a test fails when the page throws or logs an error (HTTP error statuses aside). */
  failOnPageErrors: void;
}

/** The csrf token from the session endpoint (which also sets the matching cookie). */
export async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/auth/session');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

export const test = base.extend<Fixtures>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        // Chromium logs every 4xx/5xx response; the tests provoke some on purpose.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use(async ({ role }) => {
      const response = await page.request.post('/api/v1/demo/sign-in', {
        data: { persona: role },
        headers: { 'x-csrf-token': await csrfToken(page) },
      });
      expect(response.status(), await response.text()).toBe(200);
    });
  },
});

/** Fails with the list of WCAG 2.1 A/AA violations axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or drawer fading in is half-transparent: axe would measure its contrast mid-way.
  // (Endless ones — spinners, pulses — are not transitions and are ignored.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
