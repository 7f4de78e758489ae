import { PERSONAS } from '../src/core/personas.ts';
import type { Role } from '../src/core/roles.ts';
import { expect, expectNoAxeViolations, signUpLinkFor, test } from './fixtures.ts';

const ERROR_TITLE = 'Unexpected Application Error';

/** Routes that are not in a sidebar (reached from screens), per persona. */
const EXTRA_ROUTES: Record<Role, string[]> = {
  'estate-owner': ['/estate-owner/memories/create', '/estate-owner/beneficiaries/add', '/estate-owner/security'],
  'legacy-planner': ['/legacy-planner/loved-ones/invite'],
  beneficiary: ['/beneficiary/estate/00000000-0000-4000-8000-000000000001'],
  admin: [],
  'estate-administrator': ['/estate-administrator/estates/00000000-0000-4000-8000-000000000001'],
};

test('the landing page offers every persona and is axe-clean', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Heirloom' })).toBeVisible();
  for (const persona of PERSONAS) {
    await expect(page.getByRole('heading', { level: 2, name: persona.name, exact: true })).toBeVisible();
    await expect(page.getByText(persona.sampleUser.name)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'View Dashboard' })).toHaveCount(PERSONAS.length);
  await expectNoAxeViolations(page);
});

for (const persona of PERSONAS) {
  test(`${persona.name}: View Dashboard opens the area and every sidebar link renders its screen`, async ({ page }) => {
    await page.goto('/');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: persona.name, exact: true }) });
    await card.getByRole('button', { name: 'View Dashboard' }).click();
    await expect(page).toHaveURL(persona.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(persona.sampleUser.name) })).toBeVisible();
    await expectNoAxeViolations(page);

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of persona.nav) {
      // "Messages" carries its unread count when there is one: "Messages (5 unread)"
      const link = nav.getByRole('link', { name: new RegExp(`^${item.name}( \\(\\d+ unread\\))?$`) });
      await link.click();
      await expect(page).toHaveURL(item.href);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: ERROR_TITLE })).toHaveCount(0);
      // Only the current link is highlighted.
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }

    for (const path of EXTRA_ROUTES[persona.key]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: ERROR_TITLE })).toHaveCount(0);
    }

    await nav.getByRole('link', { name: 'User Type Selector' }).click();
    await expect(page).toHaveURL('/');
  });
}

test('an unknown path shows the error screen', async ({ page }) => {
  for (const path of ['/no-such-page', '/estate-owner/no-such-screen']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ERROR_TITLE })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('a persona route without a session goes to sign-in', async ({ page }) => {
  await page.goto('/estate-owner/memories');
  await expect(page).toHaveURL('/sign-in?next=%2Festate-owner%2Fmemories');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Heirloom' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in user without the role sees the not-allowed page', async ({ page, login }) => {
  await login({ role: 'beneficiary' });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to this area" })).toBeVisible();
  await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Beneficiary' }).click();
  await expect(page).toHaveURL('/beneficiary');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Emily' })).toBeVisible();
});

test('sign up, sign out and sign in again', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'a long and memorable passphrase';

  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use at least 10 characters')).toBeVisible();

  await page.getByLabel('Full name').fill('Ruth Okafor');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page.getByRole('link', { name: 'read it in Mail' })).toHaveAttribute('href', `/mail?to=${encodeURIComponent(email)}`);
  await expectNoAxeViolations(page);

  // The emailed link (read from the local outbox) finishes the sign-up with one deliberate click.
  await page.goto(await signUpLinkFor(test.info().project.use.baseURL!, email));
  await expect(page.getByRole('heading', { level: 1, name: 'Finish creating your account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Your password').fill('not the password');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Not the password you chose')).toBeVisible();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL('/estate-owner');
  await expect(page.getByRole('button', { name: /Ruth Okafor/ })).toBeVisible();

  await page.getByRole('button', { name: /Open user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in');

  // Signed out, an area sends the visitor to sign in, and back there afterwards.
  await page.goto('/estate-owner/tasks');
  await expect(page).toHaveURL('/sign-in?next=%2Festate-owner%2Ftasks');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText("don't match");

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/estate-owner/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Ruth Okafor/ })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer that opens and closes', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    // Headless UI's outer dialog element has no size, so "hidden" holds during its 200 ms leave;
    // wait until it is gone, or the next open lands mid-transition and loses its focus return.
    await expect(drawer).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Memories' }).click();
    await expect(page).toHaveURL('/estate-owner/memories');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Memories' })).toBeVisible();

    // Assert on the dialog's content (the outer element has no size).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Tasks' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
