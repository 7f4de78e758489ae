import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { personaFor } from '../../src/core/personas.ts';
import { adminApi, expect, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Moves the server's clock (E2E_CLOCK; only an administrator may) and runs the jobs now due; returns the server's time. */
async function moveServerClock(_page: Page, advanceMs: number): Promise<{ now: Date; ran: { job: string; result: Record<string, unknown> | null }[] }> {
  const admin = await adminApi(test.info().project.use.baseURL!);
  try {
    const body = (await admin.post('/api/v1/test/clock', { advanceMs })) as { now: string; ran: { job: string; result: Record<string, unknown> | null }[] };
    return { now: new Date(body.now), ran: body.ran };
  } finally {
    await admin.request.dispose();
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const inWords = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const codeAt = (secret: string, now: Date) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: now.getTime() });

test.describe('future messages', () => {
  let moved = 0;
  test.afterEach(async ({ page }) => {
    // Put the server clock back so later specs see today's date.
    if (moved) await moveServerClock(page, -moved);
    moved = 0;
  });

  test('compose and schedule a message, preview it, and see it delivered when its time comes', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    const { now } = await moveServerClock(page, 0);
    const deliverOn = isoDate(new Date(now.getTime() + 2 * DAY));
    const subject = `A note for a Tuesday ${Date.now()}`;

    await page.goto('/estate-owner/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Future Messages' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Compose Message' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Compose Message' });
    // Refused until it is complete: the form names what is missing.
    await dialog.getByRole('button', { name: 'Schedule Message' }).click();
    await expect(dialog.getByLabel('Subject', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Recipient', { exact: true }).selectOption({ label: 'Emily Ellis (Child)' });
    await dialog.getByLabel('Subject', { exact: true }).fill(subject);
    await dialog.getByLabel('Message', { exact: true }).fill('Emily, put the kettle on and ring your brother. I love you both. Mum');
    await dialog.getByLabel('On a date').check();
    await dialog.getByLabel('Delivery date', { exact: true }).fill(deliverOn);
    await expect(dialog.getByText(`On ${inWords(deliverOn)}`)).toBeVisible();
    await dialog.getByRole('group', { name: /Attach memories/ }).getByRole('checkbox').first().check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Schedule Message' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'is scheduled' })).toBeVisible();

    const item = page.getByRole('listitem').filter({ hasText: subject });
    await expect(item.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(item.getByText(`On ${inWords(deliverOn)}`)).toBeVisible();
    await expect(item.getByText('1 memory')).toBeVisible();

    await item.getByRole('button', { name: /^Preview/ }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: subject })).toBeVisible();
    await expect(preview.getByText('Margaret Ellis')).toBeVisible();
    await expect(preview.getByText('Emily Ellis')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).last().click();

    // Not yet: a day later it is still scheduled.
    moved += DAY;
    await moveServerClock(page, DAY);
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/messages');
    await expect(page.getByRole('listitem').filter({ hasText: subject }).getByText('Scheduled', { exact: true })).toBeVisible();

    // Its day comes: the scheduler delivers it into Emily's inbox.
    moved += 2 * DAY;
    const { ran } = await moveServerClock(page, 2 * DAY);
    expect(ran.find((r) => r.job === 'deliver-due-future-messages')?.result?.delivered).toBeGreaterThanOrEqual(1);
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/messages');
    const delivered = page.getByRole('listitem').filter({ hasText: subject });
    await expect(delivered.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(delivered.getByText(/^Delivered on /)).toBeVisible();
    await expect(delivered.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  });
});

test.describe('two-factor authentication', () => {
  async function signUp(page: Page, email: string, password: string) {
    await signUpThroughApi(page, test.info().project.use.baseURL!, { name: 'Ruth Okafor', email, password });
  }

  test('turn on two-factor with a QR code and sign in with a code', async ({ page }) => {
    const email = `two-factor-${Date.now()}@example.com`;
    const password = 'a long and memorable passphrase';
    await signUp(page, email, password);

    await page.goto('/estate-owner/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await setup.getByTestId('totp-secret').textContent())!.trim();

    await setup.getByLabel('Authentication code').fill('000000');
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(setup.getByRole('alert')).toContainText('not right');

    const usedCode = codeAt(secret, (await moveServerClock(page, 0)).now);
    await setup.getByLabel('Authentication code').fill(usedCode);
    await setup.getByRole('button', { name: 'Turn on' }).click();
    const done = page.getByRole('dialog', { name: 'Two-factor authentication is on' });
    await expect(done.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Security events' })).toContainText('Two-factor authentication turned on');

    // Sign out and back in: now the code is asked for.
    await page.getByRole('button', { name: /Open user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    // Each code works once: the one that turned two-factor on cannot sign in (replayed exactly, so a
    // 30-second step boundary passing meanwhile does not turn it into a fresh code), the next step's can.
    const { now } = await moveServerClock(page, 0);
    await page.getByLabel('Authentication code').fill(usedCode);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText("That code didn't work");
    await page.getByLabel('Authentication code').fill(codeAt(secret, new Date(now.getTime() + 30_000)));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL('/estate-owner');
    await expect(page.getByRole('button', { name: /Ruth Okafor/ })).toBeVisible();
  });

  test('settings toggles and the estate activation choices persist', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expectNoAxeViolations(page);
    const legacy = page.getByRole('switch', { name: 'Legacy updates notifications' });
    const wasOn = (await legacy.getAttribute('aria-checked')) === 'true';
    await legacy.click();
    await expect(legacy).toHaveAttribute('aria-checked', String(!wasOn));
    await page.getByLabel('Manual activation only').check();
    await page.getByLabel('Gradual release').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Legacy updates notifications' })).toHaveAttribute('aria-checked', String(!wasOn));
    await expect(page.getByLabel('Manual activation only')).toBeChecked();
    await expect(page.getByLabel('Gradual release')).toBeChecked();

    // Put the demo back as it was.
    await page.getByRole('switch', { name: 'Legacy updates notifications' }).click();
    await page.getByLabel('Upon death (with death certificate)').check();
    await page.getByLabel('All at once').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.getByRole('link', { name: 'Security Log' }).click();
    await expect(page).toHaveURL('/estate-owner/security#security-log');
    await expect(page.getByRole('heading', { name: 'Security Log' })).toBeVisible();
    expect(personaFor('estate-owner').sampleUser.name).toBe('Margaret Ellis');
  });
});
