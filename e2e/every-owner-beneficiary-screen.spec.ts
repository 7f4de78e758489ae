import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

/**
 * Every estate owner and beneficiary screen (with its content loaded) passes every axe rule —
 * WCAG and best practice, any impact — and has no horizontal overflow, at desktop and phone width.
 */
const OWNER = [
  '/estate-owner',
  '/estate-owner/memories',
  '/estate-owner/memories/create',
  '/estate-owner/beneficiaries',
  '/estate-owner/beneficiaries/add',
  '/estate-owner/digital-assets',
  '/estate-owner/documents',
  '/estate-owner/tasks',
  '/estate-owner/appointments',
  '/estate-owner/messages',
  '/estate-owner/settings',
  '/estate-owner/security',
  '/estate-owner/seal',
];
const BENEFICIARY = [
  '/beneficiary',
  '/beneficiary/memories',
  '/beneficiary/documents',
  '/beneficiary/appointments',
  '/beneficiary/messages',
  '/beneficiary/notifications',
  '/beneficiary/settings',
];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test('every estate owner screen passes axe (all rules) and fits', async ({ page, login }) => {
      test.setTimeout(240_000);
      await login({ role: 'estate-owner' });
      for (const path of OWNER) await visit(page, path);
    });

    test('every beneficiary screen, and an estate page reached by its link, passes axe (all rules) and fits', async ({ page, login }) => {
      test.setTimeout(240_000);
      await login({ role: 'beneficiary' });
      for (const path of BENEFICIARY) await visit(page, path);
      await page.goto('/beneficiary');
      const estateLink = page.getByRole('link', { name: 'View Shared Content' }).first();
      await estateLink.click();
      await expect(page).toHaveURL(/\/beneficiary\/estate\//);
      await visit(page, new URL(page.url()).pathname);
    });
  });
}
