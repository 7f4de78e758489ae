import fs from 'node:fs';
import { csrfToken, expect, expectNoAxeViolations, test } from '../fixtures.ts';
import { chartChunks } from './chart-chunks.ts';

const HEALTH_HEADER = 'Failed sign-ins,Lock-outs,Failed jobs,Mail failures,Slow-request alerts';

test('recharts is built into its own chunk, loaded on demand by the admin Reports screen only', () => {
  const chunks = chartChunks();
  expect(chunks.withRecharts.length).toBeGreaterThan(0);
  expect(chunks.inEntryGraph).toEqual([]);
  expect(chunks.staticImporters).toEqual([]);
  expect(chunks.dynamicImporters.length).toBe(1);
  expect(chunks.dynamicImporters[0]!.isAdminReports).toBe(true);
});

test('a user sends feedback from the user menu; the admin reads it in Reports, changes the range and exports a CSV', async ({ page, login }) => {
  test.setTimeout(180_000);
  const note = `Please add a large-print mode ${Date.now().toString(36)}`;

  // ---- The owner: Send feedback from the user menu ----
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/memories');
  await page.getByRole('button', { name: /Open user menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Send feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog.getByRole('radio', { name: /Bug report/ })).toBeChecked();
  await expectNoAxeViolations(page);
  // Nothing typed: said on the field, nothing sent.
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Enter a message')).toBeVisible();
  await dialog.getByRole('radio', { name: /Feature request/ }).check();
  await dialog.getByLabel('Message').fill(note);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you' });
  await expect(thanks.getByText('Your feedback was sent to the Heirloom team.')).toBeVisible();
  await thanks.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(thanks).toBeHidden();
  await page.request.post('/api/v1/auth/sign-out', { headers: { 'x-csrf-token': await csrfToken(page) } });

  // ---- The admin: Reports ----
  await login({ role: 'admin' });
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByLabel('Date range')).toHaveValue('30d');
  await expect(page.getByText('counted per day')).toBeVisible();
  for (const name of ['System health per day', 'User growth per day', 'Content created per day']) {
    const figure = page.getByRole('figure', { name });
    await expect(figure).toBeVisible();
    await expect(figure.locator('.recharts-wrapper > svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 }); // the chart chunk loads on demand
    await expect(figure.getByRole('table')).toBeAttached(); // the text alternative
  }
  await expect(page.locator('[data-chart] .recharts-bar-rectangle').first()).toBeAttached();
  await expect(page.getByRole('table', { name: /Top inviters/ }).getByRole('row')).not.toHaveCount(0);
  const feedback = page.getByRole('list', { name: 'Feedback, newest first' });
  const mine = feedback.getByRole('listitem').filter({ hasText: note });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('Margaret Ellis');
  await expect(mine).toContainText('Feature request');
  await expect(mine).toContainText('/estate-owner/memories');
  await expectNoAxeViolations(page);

  // Older feedback: Load more.
  await expect(feedback.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(feedback.getByRole('listitem')).not.toHaveCount(10);

  // The range: the last 12 months, counted by month.
  await page.getByLabel('Date range').selectOption('12m');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=12m/);
  await expect(page.getByText('counted per month')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('figure', { name: 'User growth per month' }).locator('.recharts-wrapper > svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 }); // the chart chunk loads on demand

  // A custom range the wrong way round: said on the field, nothing loaded.
  await page.getByLabel('Date range').selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2026-06-10');
  await page.getByLabel('To', { exact: true }).fill('2026-06-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/range=12m/);
  await page.getByLabel('Date range').selectOption('12m');
  await page.getByRole('button', { name: 'Apply' }).click();

  // Export Reports: the series of the range as a CSV attachment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Reports' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^heirloom-series_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(`Month starting,New users,Total users,Memories,Documents,Future messages,${HEALTH_HEADER}`);
  expect(lines).toHaveLength(14); // header, 12 months, and the end of the last record

  // The feedback export holds the note just sent.
  const [feedbackCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /User feedback \(CSV\)/ }).click()]);
  expect(fs.readFileSync((await feedbackCsv.path())!, 'utf8')).toContain(note);
});

test('Reports works at phone width: charts fit, nothing overflows, axe clean', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login({ role: 'admin' });
  await page.goto('/admin/reports?range=90d');
  await expect(page.getByRole('figure', { name: 'User growth per week' }).locator('.recharts-wrapper > svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 }); // the chart chunk loads on demand
  await expect(page.getByRole('figure', { name: 'System health per week' }).locator('.recharts-wrapper > svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 }); // the chart chunk loads on demand
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const width = await page.getByRole('figure', { name: 'Content created per week' }).locator('.recharts-wrapper > svg.recharts-surface').first().evaluate((svg) => svg.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(250);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  // Send feedback works from the phone's menu too.
  await page.getByRole('button', { name: /Open user menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Send feedback' }).click();
  await expect(page.getByRole('dialog', { name: 'Send feedback' }).getByLabel('Message')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});
