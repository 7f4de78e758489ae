import { expect as baseExpect, expectNoAxeViolations, test } from '../fixtures.ts';

// Screens load through lazy chunks and a loader; on a busy machine that takes more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.slow();

test.describe('forms in plain words', () => {
  test('a missing title is named in plain words, and the message goes as soon as it is fixed', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/tasks');
    await page.getByRole('button', { name: 'Add New Task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Task' });
    await dialog.getByRole('button', { name: 'Add New Task' }).click();
    const title = dialog.getByLabel('Title', { exact: true });
    await expect(dialog.getByText('Enter a title')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await title.fill('Ask Emily about the photo albums');
    await expect(dialog.getByText('Enter a title')).toBeHidden();
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    // Emptied and sent again: the message is back.
    await title.fill('');
    await dialog.getByRole('button', { name: 'Add New Task' }).click();
    await expect(dialog.getByText('Enter a title')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('unsaved changes', () => {
  test('leaving Settings with a change asks first; staying keeps the change, leaving drops it', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const manual = page.getByRole('radio', { name: /Manual activation only/ });
    const wasChecked = await manual.isChecked();
    const other = wasChecked ? page.getByRole('radio', { name: /On specific date/ }) : manual;
    await other.check();

    const nav = page.getByRole('navigation', { name: 'Main' });
    const dashboardLink = nav.getByRole('link', { name: 'Dashboard' });
    if (!(await dashboardLink.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    // (Headless UI's outer dialog element has no size: assert on what is in it.)
    await expect(ask.getByText('You have changes that are not saved yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask.getByText('You have changes that are not saved yet.')).toBeHidden();
    await expect(page).toHaveURL(/\/estate-owner\/settings$/);
    await expect(other).toBeChecked();

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/estate-owner$/);

    // Nothing was saved: back on Settings the old choice is still there, and leaving does not ask.
    await page.goto('/estate-owner/settings');
    await expect(manual).toBeChecked({ checked: wasChecked });
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/estate-owner$/);
  });

  test('a saved form leaves without asking', async ({ page, login }) => {
    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/settings');
    const schedule = page.getByRole('radio', { name: /Gradual release/ });
    const all = page.getByRole('radio', { name: /All at once/ });
    const target = (await schedule.isChecked()) ? all : schedule;
    await target.check();
    await page.getByRole('button', { name: 'Save Changes' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/estate-owner$/);
  });
});
