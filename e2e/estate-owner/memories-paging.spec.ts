import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';

// The machine running the suite may be shared and slow: each test gets room (none waits on a timer).
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A letter memory created through the API (a story only: no files to upload). */
async function createLetter(page: Page, token: string, title: string, date: string): Promise<void> {
  const boundary = `----e2e${Date.now()}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ title, date })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\n${JSON.stringify({ title: 'Dear family', content: `Remember ${title}.` })}\r\n--${boundary}--\r\n`,
  );
  const created = await page.request.post('/api/v1/memories', { data: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': token } });
  expect(created.status(), await created.text()).toBe(201);
}

test('Memories shows a page at a time: Load more brings the older ones and focus moves to the first of them; a search starts over', async ({ page }) => {
  const email = `paula.pager.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name: 'Paula Pager', email, password: 'a-long-enough-password' });
  const token = ((await (await page.request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  // 26 memories, one a year from 2000: a page holds 24, so the two oldest (2000, 2001) come with Load more.
  for (let i = 0; i < 26; i++) await createLetter(page, token, `${i % 2 ? 'Garden' : 'Harbour'} year ${2000 + i}`, `${2000 + i}-06-01`);

  await page.goto('/estate-owner/memories');
  const cards = page.getByRole('list', { name: 'Memories' }).getByRole('listitem');
  await expect(cards).toHaveCount(24);
  await expect(page.getByRole('button', { name: 'Harbour year 2024', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Harbour year 2000', exact: true })).toHaveCount(0);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  await expectNoAxeViolations(page);

  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(26);
  await expect(page.getByRole('button', { name: 'Harbour year 2000', exact: true })).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  // Focus is on the first memory the click brought (2001), not lost with the button.
  await expect(cards.nth(24).locator(':focus')).toHaveCount(1);
  await expect(cards.nth(24)).toContainText('Garden year 2001');
  await expectNoAxeViolations(page);

  // A search resets the list to its own first page.
  await page.getByRole('searchbox', { name: 'Search memories' }).fill('gard');
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
