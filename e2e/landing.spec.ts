import { expect as baseExpect, axeAtBothWidths, signUpThroughApi, test } from './fixtures.ts';

// This machine is shared and slow at times: generous waits, the same checks.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test('a demo visitor (signed out) keeps the persona picker', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Heirloom' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Personas' }).getByRole('button', { name: 'View Dashboard' }).first()).toBeVisible();
  await axeAtBothWidths(page);
});

test('a signed-in real account sees only its own areas and its dashboard, never a demo persona', async ({ page }) => {
  const email = `ines.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name: 'Ines Laurent', email, password: 'a-long-enough-password' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to / })).toBeVisible();
  await expect(page.getByText('You\'re signed in as Ines Laurent.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Dashboard' })).toHaveCount(0);
  const areas = page.getByRole('list', { name: 'Your areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(1);
  await expect(areas.getByRole('link', { name: 'Open Estate Owner' })).toHaveAttribute('href', '/estate-owner');
  await axeAtBothWidths(page);

  // the API refuses a switch too, and her session stays hers
  const token = ((await (await page.request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const refused = await page.request.post('/api/v1/demo/sign-in', { data: { persona: 'estate-owner' }, headers: { 'x-csrf-token': token } });
  expect(refused.status()).toBe(409);
  expect(((await (await page.request.get('/api/v1/auth/session')).json()) as { user: { email: string } }).user.email).toBe(email);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL('/estate-owner');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ines' })).toBeVisible();
  // the sidebar's User Type Selector leads back to her own areas
  await page.getByRole('link', { name: 'User Type Selector' }).first().click();
  await expect(page.getByRole('list', { name: 'Your areas' })).toBeVisible();
});
