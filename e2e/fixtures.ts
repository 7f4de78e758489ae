import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
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

/**
 * An API client signed in as the demo administrator, apart from the page's own browser context:
 * for what only an administrator may do in the tests (move the server clock).
 */
export async function adminApi(baseURL: string): Promise<{ request: APIRequestContext; post: (url: string, data: unknown) => Promise<unknown>; get: (url: string) => Promise<unknown> }> {
  const request = await playwrightRequest.newContext({ baseURL });
  const token = async () => ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const signIn = await request.post('/api/v1/demo/sign-in', { data: { persona: 'admin' }, headers: { 'x-csrf-token': await token() } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return {
    request,
    async post(url, data) {
      const res = await request.post(url, { data: data as object, headers: { 'x-csrf-token': await token() } });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
    async get(url) {
      const res = await request.get(url);
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
  };
}

/** The mail the app sent to `to`, newest first, with its text (demo mode's Mail, readable by anyone). */
export async function mailTo(baseURL: string, to: string): Promise<{ kind: string; subject: string; text: string }[]> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    return await readMail(request, to);
  } finally {
    await request.dispose();
  }
}

async function readMail(request: APIRequestContext, to: string): Promise<{ kind: string; subject: string; text: string }[]> {
  const res = await request.get(`/api/v1/demo/mail?to=${encodeURIComponent(to)}`);
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string }[] };
  return Promise.all(
    items.map(async ({ id }) => {
      const mail = await request.get(`/api/v1/demo/mail/${id}`);
      expect(mail.status()).toBe(200);
      return (await mail.json()) as { kind: string; subject: string; text: string };
    }),
  );
}

/** The path of the sign-up link the app emailed to `email` (read from demo mode's mail). */
export async function signUpLinkFor(baseURL: string, email: string): Promise<string> {
  const mail = (await mailTo(baseURL, email)).find((m) => m.kind === 'sign-up-confirm');
  const link = mail && /https?:\/\/[^\s]+\/sign-up\/confirm#[\w-]+/.exec(mail.text)?.[0];
  expect(link, `a sign-up link emailed to ${email}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** A brand-new estate owner, signed up through the API and the emailed link, signed in on the page. */
export async function signUpThroughApi(page: Page, baseURL: string, data: { name: string; email: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/v1/auth/sign-up', { data, headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(res.status(), await res.text()).toBe(202);
  const token = (await signUpLinkFor(baseURL, data.email)).split('#')[1];
  const confirmed = await page.request.post('/api/v1/auth/sign-up/confirm', { data: { token, password: data.password }, headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
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
        // Chromium reports a header it cannot read as a warning, on every page.
        if (message.type() === 'warning' && /^Error with [\w-]+ header/.test(message.text())) {
          errors.push(`console.warning: ${message.text()}`);
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

/**
 * Fails with the list of violations axe finds on the page as it is now: every rule axe runs by
 * default, of any impact — WCAG 2.x A/AA and the best-practice rules (landmarks, heading order, …) —
 * and the visible words of a control within its accessible name (ADR 0044).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or drawer fading in is half-transparent: axe would measure its contrast mid-way.
  // (Endless ones — spinners, pulses — are not transitions and are ignored.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await injectAxe(page);
  // Only the violations cross back: the passes' node lists are large and nothing reads them.
  const violations = await page.evaluate(
    async (options) => (await (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options)).violations,
    AXE_OPTIONS,
  );
  const summary = violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

// Axe tags label-content-name-mismatch (WCAG 2.5.3) "experimental" and leaves it off unless asked.
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } };

/**
 * axe-core in every frame of the page that lacks it. A page keeps it across the app's own
 * navigations, so it is parsed once per page load, not once per check (ADR 0089: @axe-core/playwright
 * injected it twice and opened a blank page for every check, 2.5 s against axe's own 0.4 s).
 * A frame that runs no script (a PDF preview) is left out, as the axe-core/playwright builder did.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const inject = async () => {
      if (await frame.evaluate(() => 'axe' in window)) return;
      await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
    };
    await Promise.race([inject(), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined);
  }
}

/** Axe at the page's own size and at phone width (390 px), with no horizontal overflow there; the size is put back. */
export async function axeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal overflow at 390 px').toBe(true);
  if (desktop) await page.setViewportSize(desktop);
}

/**
 * Asks every request of the list at `pathname` for `limit` items a page (the server pages them as it
 * would its default), so a few demo rows take several pages and "Load more" can be clicked.
 */
export async function forcePageSize(page: Page, pathname: string, limit: number): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', String(limit));
      return route.continue({ url: url.toString() });
    },
  );
}

/**
 * Presses "Load more" from the keyboard (focus, Enter) until it is gone, one item a page (see
 * forcePageSize): after each press `items` must grow by one, and `afterPage(shown)` checks what the
 * new page should bring (focus, announcements). Returns how many items are shown at the end.
 */
export async function loadEveryPageByKeyboard(page: Page, loadMore: Locator, items: Locator, afterPage?: (shown: number) => Promise<void>): Promise<number> {
  let shown = await items.count();
  while (await loadMore.isVisible()) {
    await loadMore.focus();
    await page.keyboard.press('Enter');
    shown++;
    await expect(items).toHaveCount(shown);
    await afterPage?.(shown);
  }
  return shown;
}
