import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { REPORT_TYPE_LABELS, REPORT_TYPE_SLUGS } from '../../src/core/estate-administrator-reports.schemas.ts';
import { csrfToken, expect, expectNoAxeViolations, test } from '../fixtures.ts';

/** Opens a pending proof in the preview as the administrator: a 'verification.document_viewed' entry for the Security Audit (nothing else changes). */
async function previewAProof(page: Page): Promise<void> {
  const pending = (await (await page.request.get('/api/v1/estate-admin/verifications?status=pending')).json()) as { items: { id: string }[] };
  expect(pending.items.length).toBeGreaterThan(0);
  const res = await page.request.post(`/api/v1/estate-admin/verifications/${pending.items[0]!.id}/preview`, { headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect((await page.request.get(url)).status()).toBe(200);
}

test('the estate administrator views each report, checks a custom range and downloads a CSV', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'estate-administrator' });
  await previewAProof(page);

  await page.goto('/estate-administrator/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeVisible();
  const kpis = page.getByRole('list', { name: 'Key figures' });
  await expect(kpis.getByRole('listitem')).toHaveCount(6);
  await expect(kpis.getByText('Estates administered')).toBeVisible();
  await expect(page.getByLabel('Report type')).toHaveValue('estate-activity');
  await expect(page.getByLabel('Date range')).toHaveValue('30d');

  // Each of the four reports, from the builder: its heading, chart (with its data table for screen readers) and table.
  for (const slug of REPORT_TYPE_SLUGS) {
    const name = REPORT_TYPE_LABELS[slug];
    await page.getByLabel('Report type').selectOption(slug);
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`type=${slug}`));
    const heading = page.getByRole('heading', { level: 2, name });
    await expect(heading).toBeFocused();
    const report = page.getByRole('region', { name, exact: true });
    await expect(report.getByRole('figure')).toBeVisible();
    await expect(report.getByRole('table').first()).toBeAttached();
    await expectNoAxeViolations(page);
  }

  // The security audit lists the preview just opened: ids and actions.
  await page.getByRole('link', { name: 'View Security Audit' }).click();
  const audit = page.getByRole('region', { name: /Security Audit, / });
  await expect(audit.getByRole('cell', { name: 'verification.document_viewed' }).first()).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'Proof document previewed' }).first()).toBeVisible();

  // Download CSV: the same report as an attachment, a header row first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^security-audit_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Time,Estate,Action,What happened,By,Actor id,Target,Target id,Entry');
  expect(csv).toContain('verification.document_viewed');

  // A custom range: both dates, the end not before the start — said on the field, nothing loaded.
  await page.getByLabel('Date range').selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2026-06-10');
  await page.getByLabel('To', { exact: true }).fill('2026-06-01');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toBeFocused();
  await expect(page).not.toHaveURL(/range=custom/);
  await expectNoAxeViolations(page);
  await page.getByLabel('To', { exact: true }).fill('2026-07-31');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(/range=custom&from=2026-06-10&to=2026-07-31/);
  await expect(page.getByRole('heading', { level: 2, name: 'Security Audit' })).toBeFocused();
  await expect(page.getByRole('figure', { name: 'Security events per week' })).toBeVisible();
});

test('works at phone width: nothing overflows the page; the table scrolls in its own region', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login({ role: 'estate-administrator' });
  await page.goto('/estate-administrator/reports?type=estate-activity&range=3m');
  await expect(page.getByRole('heading', { level: 2, name: 'Estate Activity' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Status changes per week' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Issue 24: the chart's table for screen readers takes no room; the page ends where its content does.
  const blankBelow = await page.evaluate(() => document.documentElement.scrollHeight - Math.max(window.innerHeight, document.getElementById('main')!.getBoundingClientRect().bottom + window.scrollY));
  expect(blankBelow, 'blank scroll under the page, in px').toBeLessThan(80);
  const table = page.getByRole('region', { name: /Estate Activity, / });
  await expect(table).toBeVisible();
  await table.focus();
  await expect(table).toBeFocused();
  await expectNoAxeViolations(page);
});
