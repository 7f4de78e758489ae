import { DEMO_PASSWORD, personaFor } from '../../src/core/personas.ts';
import { expect, expectNoAxeViolations, forcePageSize, loadEveryPageByKeyboard, test } from '../fixtures.ts';

/** The demo users' password (src/server/db/seed/demo-users.ts). */

test('Shared Memories pages with "Load more", by keyboard, announced, until the last page', async ({ page }) => {
  test.setTimeout(90_000);
  // One memory a page, so the demo's few shared memories take several pages (the server pages them as it would 24).
  await forcePageSize(page, '/api/v1/shared/memories', 1);
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(personaFor('beneficiary').sampleUser.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/beneficiary');

  await page.goto('/beneficiary/memories');
  await expect(page.getByRole('heading', { level: 1, name: 'Shared Memories' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('button', { name: 'View Memory' });
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'memory shown, more to load' })).toBeAttached();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard only: focus the button and press Enter until the last page.
  const shown = await loadEveryPageByKeyboard(page, loadMore, cards);
  expect(shown).toBeGreaterThan(1);
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${shown} memories$`) })).toBeAttached();
  await expectNoAxeViolations(page);

  // A search starts the list again from its first page.
  await page.getByRole('searchbox', { name: 'Search memories' }).fill('a');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=a/);
  // The address changes before React renders the new answer, so wait for the list to start again.
  await expect.poll(() => cards.count()).toBeLessThanOrEqual(1);
});
