import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, test } from '../fixtures.ts';

// Screens load through lazy chunks and a loader; on a busy machine that takes more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.slow();

/** The demo beneficiary, signed in through the API in a context of its own. */
async function beneficiaryApi(baseURL: string) {
  const request = await playwrightRequest.newContext({ baseURL });
  const token = async () => ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const signIn = await request.post('/api/v1/demo/sign-in', { data: { persona: 'beneficiary' }, headers: { 'x-csrf-token': await token() } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { data, headers: { 'x-csrf-token': await token() } });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  return { request, post };
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

test('the owner reads and replies in the Inbox tab; the sidebar badge counts unread and falls when a thread is opened', async ({ page, login }) => {
  test.setTimeout(300_000); // four axe runs on a busy machine
  const baseURL = test.info().project.use.baseURL!;
  const emily = await beneficiaryApi(baseURL);
  const subject = `The photo albums ${Date.now()}`;
  try {
    await login({ role: 'estate-owner' });
    const before = (await json<{ unreadCount: number }>(page.request, '/api/v1/inbox/unread-count')).unreadCount;

    const { items: contacts } = await json<{ items: { userId: string; estateId: string; roleLabel: string }[] }>(emily.request, '/api/v1/inbox/contacts');
    const owner = contacts.find((c) => c.roleLabel === 'Estate Owner');
    expect(owner, 'the demo beneficiary can write to the demo owner').toBeTruthy();
    await emily.post('/api/v1/inbox/messages', { estateId: owner!.estateId, recipientUserId: owner!.userId, subject, body: 'Mum, I found the albums from Cornwall in the loft.' });

    await page.goto('/estate-owner');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const messagesLink = nav.getByRole('link', { name: `Messages (${before + 1} unread)` });
    await expect(messagesLink).toBeVisible();
    await messagesLink.click();

    // Future Messages is the first tab; the Inbox tab shows the unread count too.
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Future Messages' })).toHaveAttribute('aria-selected', 'true');
    const inboxTab = page.getByRole('tab', { name: /^Inbox/ });
    await expect(inboxTab).toContainText(String(before + 1));
    await expectNoAxeViolations(page);

    // Tabs work from the keyboard.
    await page.getByRole('tab', { name: 'Future Messages' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(inboxTab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=inbox/);

    const thread = page.getByRole('listitem').filter({ hasText: subject });
    await expect(thread).toContainText('Beneficiary');
    await expect(thread.getByText('Unread')).toBeAttached();
    await expectNoAxeViolations(page);
    await thread.getByRole('button', { name: 'Read' }).click();

    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByText('Mum, I found the albums from Cornwall in the loft.')).toBeVisible();

    await dialog.getByLabel('Your reply').fill('Keep them safe, love. The one with the lighthouse is my favourite.');
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expect(dialog.getByText('The one with the lighthouse is my favourite.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(thread.getByText('Unread')).toHaveCount(0);
    // Opened, so read: the badge fell.
    await expect(nav.getByRole('link', { name: before ? `Messages (${before} unread)` : 'Messages', exact: true })).toBeVisible();

    // Emily has the reply, unread.
    const emilyInbox = await json<{ items: { subject: string; unread: boolean; messageCount: number }[] }>(emily.request, '/api/v1/inbox');
    expect(emilyInbox.items.find((t) => t.subject === subject)).toMatchObject({ unread: true, messageCount: 2 });
  } finally {
    await emily.request.dispose();
  }
});

test('the Inbox tab at phone width: no sideways scrolling, axe-clean', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/messages?tab=inbox');
  await expect(page.getByRole('tab', { name: /^Inbox/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Inbox' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.goto('/estate-owner/messages');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
