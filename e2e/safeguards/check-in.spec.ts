import type { Page } from '@playwright/test';
import { createFamily } from '../estate-lifecycle/family.ts';
import { adminApi, axeAtBothWidths, csrfToken, expect, expectNoAxeViolations, mailTo, test } from '../fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Moves the server's clock (only an administrator may; it runs the jobs now due). */
async function moveServerClock(baseURL: string, advanceMs: number): Promise<void> {
  const admin = await adminApi(baseURL);
  try {
    await admin.post('/api/v1/test/clock', { advanceMs });
  } finally {
    await admin.request.dispose();
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * The check-in switch in the browser (ADR 0046): the owner turns it on in Account Settings and names
 * a trustee; the server clock is moved past the period (and back at the end); the trustee is asked
 * "Is … all right?" and answers on the page; nothing is released. A family of its own.
 */
test('a missed check-in asks the trustee, who answers; nothing is released', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, trustee, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, trustee, administrator, baseURL!);

  // The owner names the beneficiary as trustee (part C's API) …
  const safeguards = (await (await owner.request.get('/api/v1/release-safeguards')).json()) as { candidates: { userId: string; name: string }[] };
  const candidate = safeguards.candidates.find((c) => c.name === family.beneficiary.name);
  expect(candidate, 'the beneficiary can be named trustee').toBeTruthy();
  const named = await owner.request.put('/api/v1/release-safeguards/trustees', { data: { userIds: [candidate!.userId] }, headers: { 'x-csrf-token': await csrfToken(owner) } });
  expect(named.status(), await named.text()).toBe(200);

  // … and turns the check-in on in Account Settings.
  await owner.goto('/estate-owner/settings');
  await expect(owner.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible({ timeout: 30_000 });
  const card = owner.getByRole('region', { name: 'Check-in', exact: true });
  await expect(card.getByText('The check-in is off.')).toBeVisible({ timeout: 20_000 });
  await card.getByLabel('Ask about me after').selectOption('1');
  await card.getByRole('button', { name: 'Save check-in' }).click();
  await expect(card.getByText('Check-in saved.')).toBeVisible();
  await expect(card.getByText(/Next check-in due by/)).toBeVisible();
  await axeAtBothWidths(owner);

  // The dashboard shows the next check-in date and an "I'm here" button.
  await owner.goto('/estate-owner');
  const status = owner.getByRole('region', { name: 'Check-in', exact: true });
  await expect(status.getByText(/Next check-in due by/)).toBeVisible({ timeout: 20_000 });
  await status.getByRole('button', { name: "I'm here" }).click();
  await expect(status.getByText('Thank you, you are checked in.')).toBeVisible();
  await expectNoAxeViolations(owner);

  // A month and two days pass without a sign-in.
  const moved = 33 * DAY;
  await moveServerClock(baseURL!, moved);
  try {
    const question = (await mailTo(baseURL!, family.beneficiary.email)).find((m) => m.kind === 'check-in-question');
    expect(question?.subject).toContain('is Ada Lovelace all right?');
    const path = /\/check-in\/questions\/[0-9a-f-]{36}/.exec(question!.text)?.[0];
    expect(path).toBeTruthy();

    // The trustee signs in again (the month ended their session) and answers on the page.
    await signIn(trustee, family.beneficiary.email, family.beneficiary.password);
    await trustee.goto(path!);
    await expect(trustee.getByRole('heading', { level: 1, name: 'Is Ada Lovelace all right?' })).toBeVisible({ timeout: 20_000 });
    await expect(trustee.getByText(/Nothing has been released/)).toBeVisible();
    await axeAtBothWidths(trustee);
    await trustee.getByLabel('I could not reach them').check();
    await trustee.getByLabel('Note').fill('No answer on the phone for two days.');
    await trustee.getByRole('button', { name: 'Send answer' }).click();
    await expect(trustee.getByText(/Thank you\. Ada Lovelace and their estate administrator have been told/)).toBeVisible();

    // Nothing is released: the memory kept for after activation is still not to be seen.
    await trustee.goto('/beneficiary/memories');
    await expect(trustee.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(trustee.getByText(family.memoryTitle)).toHaveCount(0);
    const estate = (await (await trustee.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string; status?: string }[] };
    expect(estate.items.length).toBeGreaterThan(0);
  } finally {
    await moveServerClock(baseURL!, -moved);
  }
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
