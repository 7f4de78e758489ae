import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, personaFor } from '../../src/core/personas.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';

/** The demo users' password (src/server/db/seed/demo-users.ts). */
const SHARED_MEMORY = 'Summer at Cape May';

async function signInAsOwner(request: APIRequestContext): Promise<string> {
  const session = await (await request.get('/api/v1/auth/session')).json();
  const res = await request.post('/api/v1/demo/sign-in', { data: { persona: 'estate-owner' }, headers: { 'x-csrf-token': session.csrfToken } });
  expect(res.status()).toBe(200);
  return (await (await request.get('/api/v1/auth/session')).json()).csrfToken as string;
}

/** The owner turns Emily's "memories" access flag on or off (the same call the owner's Beneficiaries screen makes). */
async function setEmilysMemoriesFlag(request: APIRequestContext, csrf: string, on: boolean) {
  const { items: beneficiaries } = (await (await request.get('/api/v1/beneficiaries?limit=100')).json()) as { items: { id: string; email: string }[] };
  const emily = beneficiaries.find((b) => b.email === personaFor('beneficiary').sampleUser.email);
  expect(emily, 'Emily is one of the demo owner’s beneficiaries').toBeTruthy();
  const res = await request.patch(`/api/v1/beneficiaries/${emily!.id}`, { data: { access: { memories: on } }, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAsEmily(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(personaFor('beneficiary').sampleUser.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/beneficiary');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Emily' })).toBeVisible();
}

test('a beneficiary sees a shared memory, loses it when the owner turns the flag off, reads a message and marks notifications read', async ({
  page,
  browser,
}, testInfo) => {
  // Several pages, each checked with axe, on a machine that may be busy.
  test.setTimeout(120_000);
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const ownerCsrf = await signInAsOwner(owner.request);
  try {
    await signInAsEmily(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Margaret Ellis' }) });
    await expect(card.getByText('Parent')).toBeVisible();
    const memoriesCount = card.locator('dd').first();
    await expect(memoriesCount).not.toHaveText('0');
    await expectNoAxeViolations(page);

    // Shared Memories: the memory Margaret shared, and its modal.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shared Memories' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Memories' })).toBeVisible();
    const memory = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SHARED_MEMORY }) });
    await expect(memory).toBeVisible();
    await memory.getByRole('button', { name: 'View Memory' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: SHARED_MEMORY })).toBeVisible();
    await expect(dialog.getByText('By Margaret Ellis')).toBeVisible();
    await expect(dialog.getByRole('img').first()).toBeVisible();
    await expectNoAxeViolations(page);
    const memoryUrl = page.url();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/view=/);

    // Search narrows the list.
    await page.getByRole('searchbox', { name: 'Search memories' }).fill('sandcastle');
    await expect(page).toHaveURL(/q=sandcastle/);
    await expect(page.getByRole('heading', { name: SHARED_MEMORY })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our rose garden in June' })).toHaveCount(0);

    // The owner turns Emily's memories flag off: gone at once, by list, by link and by file.
    const [file] = await page.locator('img[src^="/api/v1/shared/files/"]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    await setEmilysMemoriesFlag(owner.request, ownerCsrf, false);
    await page.goto('/beneficiary/memories');
    await expect(page.getByText('No memories shared with you yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: SHARED_MEMORY })).toHaveCount(0);
    await page.goto(memoryUrl);
    await expect(page.getByRole('dialog').getByText('This memory is no longer shared with you.')).toBeVisible();
    expect((await page.request.get(file!)).status()).toBe(404);
    await page.goto('/beneficiary');
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Margaret Ellis' }) }).locator('dd').first()).toHaveText('0');

    // Messages: Read opens the conversation and marks it read.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    const thread = page.getByRole('listitem').filter({ hasText: 'Photos from the rose garden' });
    await expect(thread.getByText('Unread')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await thread.getByRole('button', { name: 'Read' }).click();
    const conversation = page.getByRole('dialog');
    await expect(conversation.getByRole('heading', { name: 'Photos from the rose garden' })).toBeVisible();
    await expect(conversation.getByText('Come for lunch on Sunday?')).toBeVisible();
    await expect(thread.getByText('Unread')).toHaveCount(0);
    await conversation.getByRole('button', { name: 'Close' }).last().click();
    await expect(conversation).toBeHidden();
    await expect(page).not.toHaveURL(/thread=/);
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'Photos from the rose garden' }).getByText('Unread')).toHaveCount(0);

    // Notifications: Mark All as Read.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const unread = page.locator('dt', { hasText: 'Unread' }).locator('xpath=following-sibling::dd');
    await expect(unread).not.toHaveText('0');
    await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Mark All as Read' }).click();
    await expect(unread).toHaveText('0');
    await expect(page.getByText('New', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  } finally {
    await setEmilysMemoriesFlag(owner.request, ownerCsrf, true);
    await owner.close();
  }
});

test('the estate page shows what was shared, and another estate’s address is a 404 page', async ({ page, login }) => {
  await login({ role: 'beneficiary' });
  await page.goto('/beneficiary');
  await page.getByRole('link', { name: 'View Shared Content' }).first().click();
  await expect(page).toHaveURL(/\/beneficiary\/estate\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Ellis' })).toBeVisible();
  await expect(page.getByText('Featured memory')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support Team' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@demo\.heirloom\.local$/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'View Memory' }).first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close' }).last()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/beneficiary/estate/00000000-0000-4000-8000-000000000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Estate not found' })).toBeVisible();
  await expect(page.getByText(/404/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('every beneficiary screen and its dialogs are axe-clean', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'beneficiary' });
  for (const path of ['/beneficiary/documents', '/beneficiary/appointments', '/beneficiary/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto('/beneficiary/messages?compose=1');
  await expect(page.getByRole('dialog').getByLabel('To')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/beneficiary/settings');
  await page.getByRole('button', { name: 'Content Access' }).click();
  await expect(page.getByRole('dialog').getByText('Allowed').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.goto('/beneficiary/notifications');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Show').selectOption('archived');
  await expect(page.getByRole('heading', { name: 'Notification History' })).toBeVisible();
  await expect(page).toHaveURL(/view=archived/);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('documents list with View and Download works on a phone', async ({ page, login }) => {
    await login({ role: 'beneficiary' });
    await page.goto('/beneficiary/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Documents' })).toBeVisible();
    const download = page.getByRole('link', { name: 'Download' }).first();
    const href = await download.getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
    await page.getByRole('button', { name: 'View' }).first().click();
    await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
