import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';

/** The demo owner (Margaret Ellis) signed in on a browser context of their own. */
async function ownerContext(context: BrowserContext): Promise<void> {
  const session = (await (await context.request.get('/api/v1/auth/session')).json()) as { csrfToken: string };
  const res = await context.request.post('/api/v1/demo/sign-in', { data: { persona: 'estate-owner' }, headers: { 'x-csrf-token': session.csrfToken } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Puts the demo estate back to planning whatever happened in the test: the owner withdraws any open report. */
async function withdrawAnyOpenReport(request: APIRequestContext): Promise<void> {
  const lifecycle = (await (await request.get('/api/v1/estate/lifecycle')).json()) as { openReport: { id: string } | null };
  if (!lifecycle.openReport) return;
  const { csrfToken } = (await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string };
  const res = await request.post(`/api/v1/estate/reports/${lifecycle.openReport.id}/withdraw`, { headers: { 'x-csrf-token': csrfToken } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Emily's page for the demo owner's estate, from her home page. */
async function openEstatePage(page: Page): Promise<string> {
  await page.goto('/beneficiary');
  await page.getByRole('link', { name: 'View Shared Content' }).first().click();
  await expect(page).toHaveURL(/\/beneficiary\/estate\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Ellis' })).toBeVisible();
  return page.url();
}

const pdf = () => makePdf('Certificate of Death', ['State of New Jersey', 'Name of deceased: Margaret Ellis']);

test('a beneficiary reports a passing with a PDF; the owner cancels it; reporting is offered again', async ({ page, login, browser }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await ownerContext(owner);
  try {
    await login({ role: 'beneficiary' });
    const estateUrl = await openEstatePage(page);

    await page.getByRole('button', { name: 'Report a passing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a passing' });
    await expect(dialog.getByRole('radio', { name: /Passing/ })).toBeChecked();
    await expect(dialog.getByLabel('Your relationship to Margaret Ellis')).not.toHaveValue('');
    await expect(dialog.getByText('PDF, JPG or PNG up to 10MB each').first()).toBeVisible();
    await expect(dialog.getByText('Nothing is released before the documents are verified and the estate is activated.')).toBeVisible();
    await expectNoAxeViolations(page);

    // At least one document: said, and nothing sent.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Add at least one proof document.')).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Your relationship to Margaret Ellis').fill('Daughter');
    await dialog.getByLabel('Death Certificate').setInputFiles({ name: 'death-certificate.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await dialog.getByRole('button', { name: 'Send report' }).click();

    const sent = page.getByRole('dialog', { name: 'Report sent' });
    await expect(sent.getByText('Death Certificate: death-certificate.pdf')).toBeVisible();
    await expect(sent.getByText(/Margaret Ellis has been told and can cancel the report/)).toBeVisible();
    await sent.getByRole('button', { name: 'Close' }).last().click();
    await expect(sent).toBeHidden();
    await expect(page.getByText('A report is being verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report a passing' })).toHaveCount(0);

    // The owner, signed in elsewhere, sees it at the top of the dashboard and cancels it.
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/estate-owner');
    const alert = ownerPage.getByRole('region', { name: 'Someone has reported your passing' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/Emily Ellis \(Daughter\) reported your passing on .+\. If this is not true, cancel it now — nothing is released while you can still act\./);
    await expectNoAxeViolations(ownerPage);
    await alert.getByRole('button', { name: 'Cancel this report' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Cancel this report?' });
    await expect(confirm).toContainText('Emily Ellis and your estate administrator will be told');
    await expectNoAxeViolations(ownerPage);
    await confirm.getByRole('button', { name: 'Withdraw the report' }).click();
    await expect(confirm).toBeHidden();
    await expect(alert).toHaveCount(0);
    await expect(ownerPage.getByRole('status').filter({ hasText: 'The report of your passing was cancelled.' })).toBeVisible();
    await ownerPage.reload();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' })).toBeVisible();
    await expect(ownerPage.getByRole('region', { name: /Someone has reported/ })).toHaveCount(0);

    // Emily may report again.
    await page.goto(estateUrl);
    await expect(page.getByRole('button', { name: 'Report a passing' })).toBeVisible();
    await expect(page.getByText('A report is being verified')).toHaveCount(0);
  } finally {
    await withdrawAnyOpenReport(owner.request);
    await owner.close();
  }
});

test('a report made while another is open is refused plainly', async ({ page, login, browser }, testInfo) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await ownerContext(owner);
  try {
    await login({ role: 'beneficiary' });
    await openEstatePage(page);
    await page.getByRole('button', { name: 'Report a passing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a passing' });
    // Margaret's estate is released upon death: only a passing can be reported for it.
    await dialog.getByLabel('Death Certificate').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf() });

    // Meanwhile the same report arrives another way (another tab, another relative).
    const estateId = page.url().split('/').pop()!;
    const { csrfToken } = (await (await page.request.get('/api/v1/auth/session')).json()) as { csrfToken: string };
    const first = await page.request.post(`/api/v1/estates/${estateId}/reports`, {
      headers: { 'x-csrf-token': csrfToken },
      multipart: {
        data: JSON.stringify({ event: 'death', relationship: 'Child', eventDate: null }),
        death_certificate: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf() },
      },
    });
    expect(first.status(), await first.text()).toBe(201);

    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Someone has already reported this for Margaret Ellis.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('A report is being verified')).toBeVisible();
  } finally {
    await withdrawAnyOpenReport(owner.request);
    await owner.close();
  }
});
