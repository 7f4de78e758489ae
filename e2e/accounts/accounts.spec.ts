import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { adminApi, csrfToken, expect as baseExpect, expectNoAxeViolations, mailTo, signUpThroughApi, test } from '../fixtures.ts';

// These journeys hash passwords, send mail and move the server clock: give them room on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const baseURL = () => test.info().project.use.baseURL!;

/** No horizontal scrolling on a 390px-wide phone. */
async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The path (with the #token) of the newest link of this kind mailed to an address. */
async function linkPath(email: string, path: string): Promise<string> {
  const mail = (await mailTo(baseURL(), email)).find((m) => m.text.includes(`${path}#`));
  const link = mail && new RegExp(`https?://[^\\s]+${path}#[\\w-]+`).exec(mail.text)?.[0];
  expect(link, `a ${path} link mailed to ${email}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** PUT the security policy as the demo administrator (outside the page). */
async function setPolicy(change: Record<string, unknown>): Promise<void> {
  const admin = await adminApi(baseURL());
  try {
    await withTwoFactorIfHeld(admin.request);
    const current = (await admin.get('/api/v1/admin/security-policy')) as { policy: Record<string, unknown> };
    await put(admin.request, '/api/v1/admin/security-policy', { ...current.policy, ...change });
  } finally {
    await admin.request.dispose();
  }
}

/**
 * When require-two-factor is on and the demo admin has no two-factor yet (a test stopped half-way),
 * set it up through the API, so that the policy can still be put back for the specs that follow.
 */
async function withTwoFactorIfHeld(request: APIRequestContext): Promise<void> {
  const probe = await request.get('/api/v1/admin/security-policy');
  if (probe.status() !== 403) return;
  const token = ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const setup = (await (await request.post('/api/v1/security/two-factor/setup', { headers: { 'x-csrf-token': token } })).json()) as { secret: string };
  const code = new TOTP({ secret: setup.secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const confirmed = await request.post('/api/v1/security/two-factor/confirm', { data: { code }, headers: { 'x-csrf-token': token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function put(request: APIRequestContext, url: string, data: unknown): Promise<void> {
  const token = ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const res = await request.put(url, { data: data as object, headers: { 'x-csrf-token': token } });
  expect(res.status(), await res.text()).toBe(200);
}

async function moveServerClock(advanceMs: number): Promise<void> {
  const admin = await adminApi(baseURL());
  try {
    await admin.post('/api/v1/test/clock', { advanceMs });
  } finally {
    await admin.request.dispose();
  }
}

test('forgot password: the emailed link sets a new password, and the user signs in with it', async ({ page }) => {
  const email = `rosa.forgetful.${Date.now()}@example.com`;
  await signUpThroughApi(page, baseURL(), { name: 'Rosa Forgetful', email, password: 'first secret phrase' });
  await page.request.post('/api/v1/auth/sign-out', { headers: { 'x-csrf-token': await csrfToken(page) } });

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter an email address, like name@example.com')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`If ${email} belongs to an account`);

  await page.goto(await linkPath(email, '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Repeat the new password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Use at least 10 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second secret phrase');
  await page.getByLabel('Repeat the new password').fill('second secret phrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password was changed' })).toBeVisible();
  const told = (await mailTo(baseURL(), email)).find((m) => m.subject.endsWith('your password was changed'));
  expect(told?.text).toContain('was reset through an emailed link');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('first secret phrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText("That email and password don't match an account");
  await page.getByLabel('Password').fill('second secret phrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/estate-owner$/);
});

test('an email change is confirmed from the new address; the old one is told', async ({ page }) => {
  const stamp = Date.now();
  const email = `owen.mover.${stamp}@example.com`;
  const newEmail = `owen.moved.${stamp}@example.com`;
  await signUpThroughApi(page, baseURL(), { name: 'Owen Mover', email, password: 'moving day phrase' });
  await page.goto('/estate-owner/security');
  const card = page.getByRole('region', { name: 'Email address' });
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email address' });
  await dialog.getByLabel('New email address').fill(newEmail);
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('That is not your current password')).toBeVisible();
  await dialog.getByLabel('Current password').fill('moving day phrase');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(card.getByText(`Waiting for confirmation: we sent a link to ${newEmail}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(await linkPath(newEmail, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address was changed' })).toBeVisible();
  const told = (await mailTo(baseURL(), email)).find((m) => m.kind === 'email-changed');
  expect(told?.text).toContain(`to:   ${newEmail}`);
});

test.describe('require two-factor', () => {
  test.afterAll(async () => {
    await setPolicy({ requireTwoFactor: false });
  });

  test('the admin turns it on; users without it (the admin too) are led into setup and can do nothing else', async ({ page, login, browser }) => {
    await login({ role: 'admin' });
    await page.goto('/admin/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByTestId('session-timeout-text')).toHaveText('Automatic logout after 30 minutes of inactivity');
    await expectNoAxeViolations(page);
    await expectFitsPhone(page);

    await page.getByRole('switch', { name: 'Require two-factor authentication' }).click();
    const confirm = page.getByRole('dialog', { name: 'Require two-factor authentication?' });
    // (The dialog's own box is empty — its panel is fixed-position — so its content is what is visible.)
    await expect(confirm.getByRole('button', { name: 'Require two-factor' })).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Require two-factor' }).click();
    await expect(page.getByText('Two-factor authentication is now required.')).toBeVisible();

    // A beneficiary signing in now is led into setup, and the API refuses everything else.
    const other = await browser.newContext({ baseURL: baseURL() });
    const beneficiary = await other.newPage();
    const token = ((await (await beneficiary.request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
    expect((await beneficiary.request.post('/api/v1/demo/sign-in', { data: { persona: 'beneficiary' }, headers: { 'x-csrf-token': token } })).status()).toBe(200);
    await beneficiary.goto('/beneficiary/memories');
    await expect(beneficiary).toHaveURL(/\/two-factor-setup\?next=%2Fbeneficiary%2Fmemories$/);
    await expect(beneficiary.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
    await expectNoAxeViolations(beneficiary);
    await expectFitsPhone(beneficiary);
    const refused = await beneficiary.request.get('/api/v1/shared/home');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await beneficiary.getByRole('button', { name: 'Sign out' }).click();
    await expect(beneficiary).toHaveURL(/\/sign-in$/);
    await other.close();

    // The admin (no two-factor yet) is held too, on the next navigation, and sets it up.
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page).toHaveURL(/\/two-factor-setup\?next=/);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    const secret = (await setup.getByTestId('totp-secret').textContent())!.trim();
    const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    await setup.getByLabel('Authentication code').fill(code);
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);

    await page.goto('/admin/security');
    await page.getByRole('switch', { name: 'Require two-factor authentication' }).click();
    await expect(page.getByText('Two-factor authentication is no longer required.')).toBeVisible();
  });
});

test.describe('session timeout', () => {
  let moved = 0;
  test.afterEach(async () => {
    await setPolicy({ sessionTimeoutMinutes: 30 });
    if (moved) await moveServerClock(-moved);
    moved = 0;
  });

  test('a minute before the timeout a warning counts down; "Stay signed in" keeps the session; at the end the app signs out', async ({ page, login }) => {
    await setPolicy({ sessionTimeoutMinutes: 5 });
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // 4 minutes of inactivity (the server's clock): at most a minute is left.
    await moveServerClock(240_000);
    moved += 240_000;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning.getByRole('timer')).toHaveText(/^You will be signed out in \d{1,2} seconds$/);
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectNoAxeViolations(page);
    await expectFitsPhone(page);
    const before = await warning.getByRole('timer').textContent();
    await expect(warning.getByRole('timer')).not.toHaveText(before!);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning.getByRole('timer')).toBeHidden();

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Then six idle minutes: the app learns the session ended and goes to the sign-in page with a message.
    await moveServerClock(360_000);
    moved += 360_000;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/\/sign-in\?next=%2Festate-owner&reason=expired$/);
    await expect(page.getByText('Your session ended after 5 minutes of inactivity. Sign in again to continue.')).toBeVisible();
  });
});
