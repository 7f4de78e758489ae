import type { Page } from '@playwright/test';
import { adminApi, csrfToken, expect } from '../fixtures.ts';

/** Moves the e2e server clock (and runs due jobs) with a fresh administrator session: after days, every earlier session has timed out. */
export async function moveServerClock(baseURL: string, advanceMs: number): Promise<void> {
  const admin = await adminApi(baseURL);
  try {
    await admin.post('/api/v1/test/clock', { advanceMs });
  } finally {
    await admin.request.dispose();
  }
}

/** Signs a page's context in again after the clock moved: with a password, or as a demo persona. */
export async function signInAgain(page: Page, who: { email: string; password: string } | { persona: string }): Promise<void> {
  await page.context().clearCookies();
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const res =
    'persona' in who
      ? await page.request.post('/api/v1/demo/sign-in', { data: { persona: who.persona }, headers })
      : await page.request.post('/api/v1/auth/sign-in', { data: { email: who.email, password: who.password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}
