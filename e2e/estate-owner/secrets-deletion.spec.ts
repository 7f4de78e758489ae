import type { Page } from '@playwright/test';
import { csrfToken, expect, expectNoAxeViolations, mailTo, signUpThroughApi, test } from '../fixtures.ts';

const PASSWORD = 'a-long-enough-password';

// Each test signs up a new owner through the emailed link first.
test.describe.configure({ timeout: 90_000 });

async function signUpNewOwner(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name, email, password: PASSWORD });
  return email;
}

test('a secret is revealed like a password manager: password first, masked, Show, Copy, hidden after 30 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await signUpNewOwner(page, 'Rhea Reveal');
  const created = await page.request.post('/api/v1/digital-assets', {
    data: { name: 'Online banking', username: 'rhea.r', secrets: { password: 'blue-kettle-41', recoveryCodes: '', accessInstructions: 'PIN in the desk drawer' } },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/estate-owner/digital-assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Assets' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Reveal secrets for Online banking' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm.getByText('Enter your password again.')).toBeVisible();
  await expectNoAxeViolations(page);

  // a wrong password is a clear error and shows nothing
  await confirm.getByLabel('Password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('That password is not right.');
  await expect(confirm.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await confirm.getByLabel('Password').fill(PASSWORD);
  await expect(confirm.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const secrets = page.getByRole('dialog', { name: 'Secrets for Online banking' });
  await expect(secrets.getByText(/Hidden again in \d+ seconds?/)).toBeVisible();
  await expect(secrets.getByText('blue-kettle-41')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await secrets.getByRole('button', { name: 'Show password' }).click();
  await expect(secrets.getByText('blue-kettle-41')).toBeVisible();
  await secrets.getByRole('button', { name: 'Copy access instructions' }).click();
  await expect(secrets.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PIN in the desk drawer');

  await page.clock.fastForward(31_000);
  await expect(secrets.getByText('The secrets were hidden again after 30 seconds.')).toBeVisible();
  await expect(secrets.getByText('blue-kettle-41')).toHaveCount(0);

  // within the confirmation's few minutes, revealing again does not ask again
  await secrets.getByRole('button', { name: 'Reveal again' }).click();
  await expect(secrets.getByText(/Hidden again in \d+ seconds?/)).toBeVisible();
  await expect(confirm).toBeHidden();
  await secrets.getByRole('button', { name: 'Hide and close' }).click();
  await expect(secrets).toBeHidden();
});

test('turning on Digital Legacy says what it hands over and asks first; Cancel leaves it off', async ({ page }) => {
  await signUpNewOwner(page, 'Dora Legacy');
  await page.goto('/estate-owner/beneficiaries/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Beneficiary' })).toBeVisible({ timeout: 30_000 });
  const flag = page.getByRole('checkbox', { name: 'Digital Legacy', exact: true });
  await expect(flag).not.toBeChecked();

  await flag.click();
  const ask = page.getByRole('dialog', { name: 'Turn on Digital Legacy?' });
  await expect(ask).toContainText('digital assets and their secrets');
  await expect(ask).toContainText('only after your estate is activated');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(flag).not.toBeChecked();

  await flag.click();
  await ask.getByRole('button', { name: 'Turn on Digital Legacy' }).click();
  await expect(flag).toBeChecked();
  // turning it off asks nothing
  await flag.click();
  await expect(flag).not.toBeChecked();
  await expect(ask).toBeHidden();
});

test('Delete my account: the password, signed out at once, emailed; signing in within the grace period cancels it', async ({ page, baseURL }) => {
  const email = await signUpNewOwner(page, 'Leo Leaving');
  await page.goto('/estate-owner/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible({ timeout: 30_000 });
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section).toContainText('signing in again cancels the deletion');
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByLabel('Password').fill('wrong-password-here');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('That password is not right.');
  await expectNoAxeViolations(page);
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/sign-in\?deletion=/, { timeout: 30_000 });
  await expect(page.getByRole('status')).toContainText(/Your account will be deleted on \d{1,2} \w+ \d{4}, and you have been signed out everywhere/);
  await expectNoAxeViolations(page);
  // signed out: the owner area sends the visitor to sign in
  await page.goto('/estate-owner/settings');
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 30_000 });
  const mail = (await mailTo(baseURL!, email)).find((m) => m.kind === 'account-deletion');
  expect(mail?.subject).toMatch(/will be deleted on/);

  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account will not be deleted' })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/estate-owner/, { timeout: 30_000 });
  expect((await mailTo(baseURL!, email))[0]?.subject).toMatch(/will not be deleted/);
});
