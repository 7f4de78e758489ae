import { expect, expectNoAxeViolations, test } from '../fixtures.ts';

test('a planner invites a loved one, who reads the email on the Mail screen, follows the link and signs up', async ({ page, login, browser }) => {
  const email = `eleanor.whitfield.${Date.now()}@example.com`;
  await login({ role: 'legacy-planner' });
  await page.goto('/legacy-planner/loved-ones/invite?template=For%20Elderly%20Parents');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a Loved One' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('First Name').fill('Eleanor');
  await expect(page.getByLabel('Message')).toHaveValue(/^Dear Eleanor,/);
  await page.getByLabel('Last Name').fill('Whitfield');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Your Relationship').selectOption('Family Member');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Enter an email address, like name@example.com')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Schedule follow-up').check();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();

  // A visitor, signed out, reads it on the Mail screen and follows its link.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/mail?to=${encodeURIComponent(email)}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('link', { name: /an invitation sent on behalf of one of our members/ }).click();
  await expect(visitor.getByText('Dear Eleanor,')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('link', { name: /\/invitations#[\w-]+$/ }).click();
  await expect(visitor.getByText(/David Chen, a legacy planner, has invited you to plan your legacy/)).toBeVisible();
  await visitor.getByLabel('Full name').fill('Eleanor Whitfield');
  await visitor.getByLabel('Password').fill('a long and memorable passphrase');
  await visitor.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(visitor).toHaveURL('/estate-owner');
  await expect(visitor.getByRole('button', { name: /Eleanor Whitfield/ })).toBeVisible();
  const ownOverall = await visitor.getByRole('progressbar', { name: 'Overall completion' }).getAttribute('aria-valuenow');
  expect(Number(ownOverall)).toBeLessThan(40);
  await visitorContext.close();

  await page.reload();
  await expect(row.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Resend/ })).toHaveCount(0);

  // She is now one of the planner's loved ones: on the dashboard with the same progress her own
  // dashboard shows, and (a new plan, under 40%) marked as needing attention.
  await page.goto('/legacy-planner');
  const progress = page.getByRole('progressbar', { name: 'Progress of Eleanor Whitfield' });
  await expect(progress).toHaveAttribute('aria-valuenow', ownOverall ?? 'missing');
  await page.goto('/legacy-planner/loved-ones?q=whitfield');
  await expect(page.getByRole('link', { name: 'Assist Now for Eleanor Whitfield' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the invite page and the Mail screen fit and pass axe', async ({ page, login }) => {
    await login({ role: 'legacy-planner' });
    await page.goto('/legacy-planner/loved-ones/invite');
    await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
