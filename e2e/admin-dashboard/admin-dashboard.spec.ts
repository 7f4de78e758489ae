import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mailTo, test } from '../fixtures.ts';

/**
 * The admin's dashboard, Logs and Settings on the demo seed (src/server/db/seed/demo-admin.ts):
 * six alerts (three pending, one under review, one investigating, one resolved), four pending
 * tasks, and a month of audit history.
 */

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the dashboard shows live totals, system status, alerts to review and tasks', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'admin' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Admin Dashboard · Heirloom');

  const tiles = page.getByRole('list', { name: 'Platform totals' });
  for (const label of ['Total Users', 'Active Users', 'New This Month', 'Estates', 'Beneficiaries', 'Planners', 'Memories', 'Documents', 'Messages']) {
    await expect(tiles.getByText(label, { exact: true })).toBeVisible();
  }
  // the tiles show the server's counts (their literal figures are asserted in admin-dashboard.test.ts)
  const { metrics } = (await (await page.request.get('/api/v1/admin/dashboard')).json()) as { metrics: Record<string, number> };
  expect(metrics.memories).toBeGreaterThanOrEqual(6);
  await expect(tiles.getByRole('listitem').filter({ hasText: 'Memories' })).toHaveText(`Memories${metrics.memories}`);
  await expect(tiles.getByRole('listitem').filter({ hasText: 'Total Users' })).toHaveText(`Total Users${metrics.users}`);

  const status = page.getByRole('region', { name: 'System Status' });
  for (const part of ['Database', 'File storage', 'Job queue', 'Mail']) await expect(status.getByText(part, { exact: true })).toBeVisible();
  await expect(status.getByText('Operational').first()).toBeVisible();
  await expect(status.getByText(/^Reachable · \d/)).toBeVisible();

  for (const action of ['Manage Users', 'Security Settings', 'System Reports', 'View Logs']) {
    await expect(page.getByRole('navigation', { name: 'Admin actions' }).getByRole('link', { name: action })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // Review a pending alert: it becomes Under Review and its details open
  const alerts = page.getByRole('region', { name: 'Recent Alerts' });
  // five seeded open alerts, and any slow-request alert this busy test machine raised since
  const openCount = async () => Number(/(\d+) open/.exec((await alerts.textContent()) ?? '')?.[1]);
  const openBefore = await openCount();
  expect(openBefore).toBeGreaterThanOrEqual(5);
  const lockout = alerts.getByRole('listitem').filter({ hasText: 'Repeated failed sign-ins' });
  await expect(lockout.getByText('Pending', { exact: true })).toBeVisible();
  await lockout.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert details' });
  await expect(dialog).toContainText('Repeated failed sign-ins');
  await expect(dialog.getByText('Under Review', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('Attempts');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Start Investigating' }).click();
  await expect(dialog.getByText('Investigating', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(lockout.getByRole('button', { name: 'Details' })).toBeVisible();
  await expect(lockout.getByText('Investigating', { exact: true })).toBeVisible();

  // Details of one under review, resolve it: it leaves the open list
  const feedback = alerts.getByRole('listitem').filter({ hasText: 'feature request from the Memories screen' });
  await feedback.getByRole('button', { name: 'Details' }).click();
  await dialog.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(alerts.getByText(/^Resolved: User feedback/)).toBeVisible();
  await expect(feedback).toHaveCount(0);
  await expect(alerts).toContainText(`${openBefore - 1} open`);

  // Tasks: add one, complete it
  const tasks = page.getByRole('region', { name: 'Pending Tasks' });
  await expect(tasks).toContainText('4 to do');
  await tasks.getByRole('button', { name: 'Add Task' }).click();
  const add = page.getByRole('dialog', { name: 'Add Task' });
  await add.getByRole('button', { name: 'Add Task' }).click();
  await expect(add.getByText('Enter a task')).toBeVisible();
  await add.getByLabel('Task').fill('Check the e2e task list');
  await add.getByLabel('Priority').selectOption('high');
  await add.getByRole('button', { name: 'Add Task' }).click();
  await expect(tasks).toContainText('5 to do');
  const mine = tasks.getByRole('listitem').filter({ hasText: 'Check the e2e task list' });
  await expect(mine.getByText('High', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: 'Complete' }).click();
  await expect(tasks.getByText('Completed: Check the e2e task list')).toBeVisible();
  await expect(mine).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await noHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('Logs: search, filter by action, actor and dates, load more, export', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'admin' });
  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('Logs · Heirloom');
  const log = page.getByRole('region', { name: 'Audit log' });
  await expect(log).toContainText('50 shown, more to load');
  await log.getByRole('button', { name: 'Load more' }).click();
  await expect(log).not.toContainText('50 shown');
  await expectNoAxeViolations(page);

  // filter by action
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Failed sign-in attempt' });
  await expect(page).toHaveURL(/action=auth\.sign_in_failed/);
  await expect(log.getByRole('row').nth(1)).toContainText('Failed sign-in attempt');
  await expect(log.getByRole('row').filter({ hasNotText: 'Failed sign-in attempt' })).toHaveCount(1); // the header row
  // narrowed by a search for one person's address: her one failed attempt, with where it came from
  await page.goto('/admin/logs?action=auth.sign_in_failed&q=emily.ellis%40demo');
  await expect(log).toContainText('1 shown');
  await expect(log.getByRole('row').nth(1)).toContainText('Emily Ellis');
  await expect(log.getByRole('row').nth(1)).toContainText('82.132.219.5');

  // by actor: the name in a row filters to them
  await log.getByRole('link', { name: 'Emily Ellis' }).click();
  await expect(page.getByText('Showing entries by Emily Ellis')).toBeVisible();
  await page.goto('/admin/logs?q=emily');
  await expect(log.getByRole('row').nth(1)).toContainText('Emily Ellis');
  const rows = await log.getByRole('row').count();
  expect(rows).toBeGreaterThan(5);

  // a date range that ends before it starts says so
  await page.goto('/admin/logs?from=2026-06-10&to=2026-06-01');
  await expect(page.getByText('The start date must be on or before the end date')).toBeVisible();

  // the CSV carries the filters
  await page.goto('/admin/logs?action=auth.sign_in_failed&q=emily.ellis%40demo');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFTime (UTC),Actor,Actor email,Action,Action code,Target,IP address');
  expect(csv).toContain(',Emily Ellis,');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/logs');
  await expect(log.getByText('Time:').first()).toBeVisible();
  await noHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('Settings: a new system name shows in the header, the page title and the emails at once', async ({ page, login, baseURL }) => {
  test.setTimeout(120_000);
  await login({ role: 'admin' });
  await page.goto('/admin/settings');
  await expect(page).toHaveTitle('Settings · Heirloom');
  const name = page.getByLabel('System name');
  await expect(name).toHaveValue('Heirloom');
  await expect(page.getByLabel('Default time zone')).toHaveValue('UTC');
  await expectNoAxeViolations(page);

  await name.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter a system name')).toBeVisible();

  try {
    await name.fill('Evergreen Legacy');
    await page.getByLabel('Default time zone').selectOption('Europe/London');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    // no reload: the sidebar's logo and the title follow
    await expect(page).toHaveTitle('Settings · Evergreen Legacy');
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('..').getByText('Evergreen Legacy').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logs' }).click();
    await expect(page).toHaveTitle('Logs · Evergreen Legacy');
    await expect(page.getByText('Times and dates are in Europe/London')).toBeVisible();

    // an email sent now carries the name
    const email = `e2e-settings-${Date.now()}@example.com`;
    const anon = await page.context().browser()!.newContext({ baseURL });
    const anonPage = await anon.newPage();
    const session = (await (await anonPage.request.get('/api/v1/auth/session')).json()) as { csrfToken: string; systemName: string };
    expect(session.systemName).toBe('Evergreen Legacy');
    const res = await anonPage.request.post('/api/v1/auth/sign-up', { data: { name: 'Nora New', email, password: 'a-long-password-1' }, headers: { 'x-csrf-token': session.csrfToken } });
    expect(res.status()).toBe(202);
    await anon.close();
    const [mail] = await mailTo(baseURL!, email);
    expect(mail!.subject).toBe('Evergreen Legacy: confirm your email address to create your account');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settings');
    await noHorizontalScroll(page);
    await expectNoAxeViolations(page);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/settings');
    await page.getByLabel('System name').fill('Heirloom');
    await page.getByLabel('Default time zone').selectOption('UTC');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
  }
});
