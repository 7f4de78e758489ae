import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

/** Every legacy planner screen, reached as a planner would reach it, passes axe and fits the width. */
const AREA = '/legacy-planner';
const SCREENS: { path: string; heading: string }[] = [
  { path: AREA, heading: 'Welcome back, David' },
  { path: `${AREA}/loved-ones`, heading: 'Loved Ones' },
  { path: `${AREA}/loved-ones/invite`, heading: 'Invite a Loved One' },
  { path: `${AREA}/tools`, heading: 'Assistance Tools' },
  { path: `${AREA}/appointments`, heading: 'Appointments' },
  { path: `${AREA}/resources`, heading: 'Learning Resources' },
  { path: `${AREA}/resources/gathering-the-documents`, heading: 'Gathering the important documents' },
  { path: `${AREA}/messages`, heading: 'Messages' },
  { path: `${AREA}/settings`, heading: 'Settings' },
];

async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every planner screen passes axe and has no horizontal overflow', async ({ page, login }) => {
      // ten screens, each with a full axe scan: more than the default 30 s on a slow machine
      test.setTimeout(180_000);
      await login({ role: 'legacy-planner' });
      for (const { path, heading } of SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page);
        await expectFits(page, width);
      }
      // A client's page, opened from the list as the planner would.
      await page.goto(`${AREA}/loved-ones?q=ellis`);
      await page.getByRole('link', { name: /^(View Details|Assist Now) for Margaret Ellis$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Margaret Ellis' })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFits(page, width);
    });
  });
}
