import type { Browser, Page } from '@playwright/test';
import { csrfToken, expect, mailTo } from '../fixtures.ts';

/**
 * A trustee of the owner's own: added as a beneficiary, invitation accepted in a browser context of
 * their own (returned signed in), ready to be named a trustee.
 */
export async function trusteeOf(browser: Browser, owner: Page, baseURL: string, first: string, stamp: number) {
  const email = `${first.toLowerCase()}.trustee.${stamp}@example.com`;
  const password = `${first} has a long passphrase`;
  const res = await owner.request.post('/api/v1/beneficiaries', { data: { firstName: first, lastName: 'Trustee', relationship: 'Friend', email }, headers: { 'x-csrf-token': await csrfToken(owner) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const token = (await mailTo(baseURL, email)).map((m) => /\/invitations#([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1]).find(Boolean)!;
  const page = await (await browser.newContext()).newPage();
  const accept = await page.request.post('/api/v1/invitations/accept', { data: { token, name: `${first} Trustee`, password }, headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  return { page, name: `${first} Trustee`, email, password };
}
