import { expect, expectNoAxeViolations, forcePageSize, loadEveryPageByKeyboard, test } from '../fixtures.ts';

/**
 * The inbox pages with "Load more" (one conversation a page here, so the demo's few take several
 * pages; the server pages them as it would 20): every conversation is reached by keyboard, focus
 * moves to the first new one's Read button, and a search starts again from the first page.
 */
test('the inbox loads more conversations by keyboard until the last, focus on the first new one', async ({ page, login }) => {
  test.setTimeout(90_000);
  await forcePageSize(page, '/api/v1/inbox', 1);
  await login({ role: 'beneficiary' });
  await page.goto('/beneficiary/messages');
  const inbox = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('button', { name: 'Read' }) });
  const threads = inbox.getByRole('listitem');
  await expect(threads).toHaveCount(1);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();

  const shown = await loadEveryPageByKeyboard(page, loadMore, threads, async (count) => {
    await expect(threads.nth(count - 1).getByRole('button', { name: 'Read' })).toBeFocused();
  });
  expect(shown, 'the demo beneficiary has more than one conversation').toBeGreaterThan(1);
  // Every conversation once: no page repeated one.
  const subjects = await threads.locator('p[id^="thread-"]').allTextContents();
  expect(new Set(subjects).size).toBe(subjects.length);
  await expectNoAxeViolations(page);

  // A search starts the list again from its first page.
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('the');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=the/);
  await expect.poll(() => threads.count()).toBeLessThanOrEqual(1);
});
