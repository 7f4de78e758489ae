import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';

/**
 * The legacy planner's practice on the demo seed: David Chen is the legacy planner of Margaret Ellis
 * (the demo owner). He adds and completes a task for her, finds her on Loved Ones, opens her page
 * and suggests a task, which Margaret then sees on her own task list marked as his suggestion.
 */

const AREA = '/legacy-planner';

async function openFromSidebar(page: Page, link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('the planner’s dashboard, loved ones and client page; a suggested task reaches the owner', async ({ page, login }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const plannerTask = `Call Margaret about the photo album ${stamp}`;
  const suggested = `Record the story of the allotment ${stamp}`;
  await login({ role: 'legacy-planner' });

  // Dashboard: three counters, the progress list, recent activity and the quick actions.
  await page.goto(AREA);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, David' })).toBeVisible();
  const counters = page.getByRole('list', { name: 'Your practice' });
  for (const label of ['Loved Ones', 'Upcoming Tasks', 'Average Completion']) await expect(counters.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress of Margaret Ellis' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
  const quick = page.getByRole('region', { name: 'Quick Actions' });
  await expect(quick.getByRole('link', { name: 'Invite Loved One' })).toHaveAttribute('href', `${AREA}/loved-ones/invite`);
  await expect(quick.getByRole('link', { name: 'Schedule Session' })).toHaveAttribute('href', `${AREA}/appointments?schedule=1`);
  await expect(quick.getByRole('link', { name: 'Start Recording' })).toHaveAttribute('href', `${AREA}/appointments?schedule=1&type=Memory%20Recording`);
  await expectNoAxeViolations(page);

  // Add a task for Margaret, then complete it: it leaves the open tasks.
  await page.getByRole('region', { name: 'Tasks' }).getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByLabel('Task').fill(plannerTask);
  await dialog.getByLabel('For').selectOption({ label: 'Margaret Ellis' });
  await dialog.getByLabel('Due').fill('2030-04-01');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  const tasks = page.getByRole('list', { name: 'Your tasks' });
  await expect(tasks.getByRole('listitem').filter({ hasText: plannerTask })).toContainText('For Margaret Ellis');
  await tasks.getByRole('button', { name: `Complete ${plannerTask}` }).click();
  await expect(page.getByText(`Completed “${plannerTask}”.`)).toBeVisible();
  await expect(tasks.getByText(plannerTask)).toHaveCount(0);

  // Message Support writes to Heirloom Support through the inbox.
  await quick.getByRole('button', { name: 'Message Support' }).click();
  const compose = page.getByRole('dialog', { name: 'Compose Message' });
  await compose.getByLabel('To').selectOption({ label: 'Heirloom Support — Support' });
  await compose.getByLabel('Subject').fill('Printing checklists');
  await compose.getByRole('textbox', { name: 'Message' }).fill('Can I print the checklists for a client?');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Your message is on its way to Heirloom Support.')).toBeVisible();

  // Loved Ones: search in the database, status and View Details or Assist Now.
  await openFromSidebar(page, 'Loved Ones', 'Loved Ones');
  await expect(page.getByRole('link', { name: 'Invite Loved One' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search loved ones by name or email' });
  await search.fill('nobody-by-this-name');
  await expect(page.getByText('No loved ones match')).toBeVisible();
  await search.fill('ellis');
  await expect(page).toHaveURL(/q=ellis/);
  const margaret = page.getByRole('list', { name: 'Loved ones' }).getByRole('listitem').filter({ hasText: 'Margaret Ellis' });
  await expect(margaret.getByRole('progressbar', { name: 'Progress of Margaret Ellis' })).toBeVisible();
  await expectNoAxeViolations(page);
  await margaret.getByRole('link', { name: /^(View Details|Assist Now) for Margaret Ellis$/ }).click();

  // Her page: progress by area, her tasks and appointments; suggest a task.
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Ellis' })).toBeVisible();
  for (const area of ['Overall', 'Documents', 'Beneficiaries', 'Accounts', 'Security']) await expect(page.getByRole('progressbar', { name: area, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Their tasks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appointments' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Suggest a task' }).click();
  const suggest = page.getByRole('dialog', { name: 'Suggest a task to Margaret Ellis' });
  await suggest.getByLabel('Title').fill(suggested);
  await suggest.getByLabel('Priority').selectOption('high');
  await suggest.getByRole('button', { name: 'Suggest Task' }).click();
  await expect(page.getByText(`Suggested “${suggested}” to Margaret Ellis.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks of Margaret Ellis' }).getByRole('listitem').filter({ hasText: suggested })).toContainText('Suggested by David Chen');
  const clientPage = page.url();

  // At phone width, every planner screen here passes axe too.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [AREA, `${AREA}/loved-ones`, new URL(clientPage).pathname]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // An unknown client is the area's not-found page.
  await page.goto(`${AREA}/loved-ones/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loved one not found' })).toBeVisible();

  // Margaret sees the suggestion on her own task list, marked as David's.
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/tasks');
  await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: suggested })).toContainText('Suggested by David Chen');
});
