import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/core/personas.ts';
import { csrfToken, expect, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';


async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the admin finds a user by search and suspends them; their session ends at once', async ({ page, login, browser, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `Sasha Suspend ${stamp}`;
  const email = `sasha.${stamp}@example.com`;
  // The user, signed in in their own browser.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signUpThroughApi(user, baseURL!, { name, email, password: 'a long and memorable passphrase' });
  await user.goto('/estate-owner');
  await expect(user.getByRole('button', { name: new RegExp(name) })).toBeVisible();

  await login({ role: 'admin' });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(/25 shown, more to load/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(`sasha.${stamp}`);
  await expect(page).toHaveURL(new RegExp(`q=sasha\\.${stamp}`));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog.getByRole('checkbox', { name: 'Estate Owner' })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: 'Suspended' }).check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend ${name}?` });
  await expect(confirm.getByText(/signed out of every device at once/)).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Suspend User' }).click();
  await expect(page.getByText(`${name} is suspended and signed out everywhere.`)).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // Their next request finds no session: the app sends them to sign in, and signing in is refused.
  await user.reload();
  await expect(user).toHaveURL(/\/sign-in/);
  const refused = await user.request.post('/api/v1/auth/sign-in', {
    data: { email, password: 'a long and memorable passphrase' },
    headers: { 'x-csrf-token': await csrfToken(user) },
  });
  expect(refused.status()).toBe(403);
  await userContext.close();

  // The Status filter finds them among the suspended.
  await page.goto(`/admin/users?q=${stamp}&status=suspended`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await page.goto(`/admin/users?q=${stamp}&status=active`);
  await expect(page.getByText('No users match')).toBeVisible();
});

test('the admin adds a user with a staff role; the invitee accepts through the Mail screen', async ({ page, login, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `morgan.${stamp}@example.com`;
  await login({ role: 'admin' });
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Full Name').fill('Morgan Reyes');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByLabel('Role')).toHaveAccessibleDescription('Choose a role');
  await dialog.getByLabel('Role').selectOption({ label: 'Estate Administrator' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`An invitation was emailed to ${email}.`, { exact: false })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: 'Morgan Reyes' });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();

  // Adding the same address again says so.
  await page.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByLabel('Full Name').fill('Morgan Reyes');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Estate Administrator' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText(new RegExp(`${email.replace('.', '\\.')} has already been invited`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/mail?to=${encodeURIComponent(email)}`);
  await visitor.getByRole('link', { name: /an invitation sent on behalf of one of our members/ }).click();
  await expect(visitor.getByText(/invited you to Heirloom as an Estate Administrator/)).toBeVisible();
  await visitor.getByRole('link', { name: /\/invitations#[\w-]+$/ }).click();
  await expect(visitor.getByText(/Priya Raman has invited you to join Heirloom as an Estate Administrator/)).toBeVisible();
  await expect(visitor.getByLabel('Full name')).toHaveValue('Morgan Reyes');
  await expectNoAxeViolations(visitor);
  await visitor.getByLabel('Password').fill('a long and memorable passphrase');
  await visitor.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(visitor).toHaveURL('/estate-administrator');
  await visitorContext.close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Morgan Reyes' }).getByText('Active', { exact: true })).toBeVisible();
});

test('the admin assigns an estate administrator in Manage, who then sees the estate', async ({ page, login, browser }) => {
  test.setTimeout(90_000);
  await login({ role: 'admin' });
  await page.goto('/admin/estates');
  await expect(page.getByRole('heading', { level: 1, name: 'Estates' })).toBeVisible();
  await expect(page.getByText(/25 shown, more to load/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('searchbox', { name: 'Search estates by owner name or email' }).fill('mei tanaka');
  const row = page.getByRole('row').filter({ hasText: 'Mei Tanaka' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('None assigned')).toBeVisible();
  await row.getByRole('button', { name: 'Manage the estate of Mei Tanaka' }).click();
  const dialog = page.getByRole('dialog', { name: "Manage Mei Tanaka's estate" });
  await dialog.getByRole('searchbox', { name: 'Search estate administrators' }).fill('angela');
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: /Angela Brooks/ }).check();
  await dialog.getByRole('button', { name: 'Assign Administrator' }).click();
  await expect(page.getByText("Angela Brooks now administers Mei Tanaka's estate.")).toBeVisible();
  await expect(row.getByText('Angela Brooks')).toBeVisible();

  const context = await browser.newContext();
  const angela = await context.newPage();
  const signedIn = await angela.request.post('/api/v1/auth/sign-in', {
    data: { email: 'angela.brooks@demo.heirloom.local', password: DEMO_PASSWORD },
    headers: { 'x-csrf-token': await csrfToken(angela) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await angela.goto('/estate-administrator/estates');
  await expect(angela.getByRole('heading', { level: 1, name: 'Estate Management' })).toBeVisible();
  await expect(angela.getByRole('main').getByText('Mei Tanaka', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await context.close();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Users and Estates fit as cards, with their dialogs, and pass axe', async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ role: 'admin' });
    await page.goto('/admin/users');
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await fitsPhone(page);
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expectNoAxeViolations(page);
    await fitsPhone(page);
    await page.keyboard.press('Escape');
    await page.goto('/admin/estates');
    await expect(page.getByRole('list', { name: 'Estates' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await fitsPhone(page);
    await page.getByRole('button', { name: /^Manage / }).first().click();
    await expect(page.getByRole('dialog').getByRole('radio').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await fitsPhone(page);
  });
});
