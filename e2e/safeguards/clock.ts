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
  const signIn = async () => {
    const headers = { 'x-csrf-token': await csrfToken(page) };
    return 'persona' in who
      ? page.request.post('/api/v1/demo/sign-in', { data: { persona: who.persona }, headers })
      : page.request.post('/api/v1/auth/sign-in', { data: { email: who.email, password: who.password }, headers });
  };
  let res = await signIn();
  // Sign-in is limited per address and minute (all the specs share 127.0.0.1): wait as told, once.
  if (res.status() === 429) {
    await page.waitForTimeout((Number(res.headers()['retry-after'] ?? 60) + 1) * 1000);
    res = await signIn();
  }
  expect(res.status(), await res.text()).toBe(200);
}
