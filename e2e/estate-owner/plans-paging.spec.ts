import type { Page } from '@playwright/test';
import { expect as baseExpect, csrfToken, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';

// The machine running the suite may be shared and slow: each test gets room (none waits on a timer).
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function newOwner(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name, email, password: 'a-long-enough-password' });
  return csrfToken(page);
}

async function post(page: Page, token: string, url: string, data: object) {
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': token } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('Tasks shows a page at a time: the count is the server’s, Load more brings the rest and focus moves to the first of them', async ({ page }) => {
  const token = await newOwner(page, 'Tom Tasker');
  // 27 tasks due one day apart: a page holds 25, so the last two come with Load more.
  for (let i = 1; i <= 27; i++) await post(page, token, '/api/v1/tasks', { title: `Box ${String(i).padStart(2, '0')}`, dueDate: `2031-01-${String(i).padStart(2, '0')}` });

  await page.goto('/estate-owner/tasks?q=Box');
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('27 tasks, 25 shown')).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expectNoAxeViolations(page);

  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(27);
  await expect(loadMore).toHaveCount(0);
  await expect(rows.nth(25)).toContainText('Box 26');
  await expect(rows.nth(25).locator(':focus')).toHaveCount(1);
  await expect(page.getByText('27 tasks', { exact: true })).toBeVisible();

  // Completing one on the second page: it stays in All, struck through, and the counters move.
  await rows.nth(26).getByRole('button', { name: 'Complete Box 27' }).click();
  await expect(page.getByText('Completed “Box 27”.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Box 27' }).getByRole('heading', { name: 'Box 27 (completed)' })).toBeVisible();
});

test('Future Messages shows a page at a time with the server’s counts, and Load more brings the rest', async ({ page }) => {
  const token = await newOwner(page, 'Fiona Futures');
  const grace = await post(page, token, '/api/v1/beneficiaries', { firstName: 'Grace', lastName: 'Futures', relationship: 'Child', email: `grace.${Date.now()}@example.com` });
  // 22 drafts: a page holds 20.
  for (let i = 1; i <= 22; i++) {
    await post(page, token, '/api/v1/future-messages', {
      recipientId: grace.id,
      subject: `Letter ${String(i).padStart(2, '0')}`,
      body: 'For you, one day.',
      deliveryRule: 'after_activation',
      daysAfterActivation: i,
      status: 'draft',
    });
  }

  await page.goto('/estate-owner/messages');
  const rows = page.getByRole('list', { name: 'Future messages' }).getByRole('listitem');
  await expect(rows).toHaveCount(20);
  // the counts cover every page, not the 20 loaded
  await expect(page.getByText('0 scheduled · 22 drafts · 0 delivered')).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(22);
  await expect(loadMore).toHaveCount(0);
  await expect(rows.nth(20).locator(':focus')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
