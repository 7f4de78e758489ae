import { expect, expectNoAxeViolations, forcePageSize, test } from '../fixtures.ts';

/**
 * "Load more" on lists paged in this issue whose API tests cover the paging but no browser test
 * clicked them. Each list is asked for two items a page (the server pages them as it would 20 or 24),
 * so the demo's entries take several pages.
 */
test('Security and Activity logs load more by keyboard, focus on the first new entry', async ({ page, login }) => {
  test.setTimeout(90_000);
  await forcePageSize(page, '/api/v1/security/log', 2);
  await forcePageSize(page, '/api/v1/security/activity', 2);
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/security');

  for (const [card, list] of [
    ['#security-log', 'Security events'],
    ['#activity-log', 'Activity'],
  ] as const) {
    const entries = page.locator(card).getByRole('list', { name: list }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    const loadMore = page.locator(card).getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => entries.count(), { message: `${list}: the second page came` }).toBeGreaterThan(2);
    await expect(entries.nth(2)).toBeFocused();
  }
  await expectNoAxeViolations(page);
});

test('Beneficiaries load more: every one reached, focus on the first new card', async ({ page, login }) => {
  test.setTimeout(90_000);
  await forcePageSize(page, '/api/v1/beneficiaries', 2);
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/beneficiaries');
  const region = page.getByRole('region', { name: /^Beneficiaries \(\d+\)$/ });
  const heading = await region.getByRole('heading', { level: 2 }).first().textContent();
  const total = Number(/\((\d+)\)/.exec(heading ?? '')?.[1]);
  expect(total, 'the demo owner names more than one page of beneficiaries').toBeGreaterThan(2);

  const cards = region.getByRole('list').first().getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const loadMore = region.getByRole('button', { name: 'Load more' });
  let shown = 2;
  while (shown < total) {
    await loadMore.focus();
    await page.keyboard.press('Enter');
    const next = Math.min(shown + 2, total);
    await expect(cards).toHaveCount(next);
    await expect(cards.nth(shown).locator(':focus')).toHaveCount(1);
    shown = next;
  }
  await expect(loadMore).toHaveCount(0);
  await expectNoAxeViolations(page);
});
