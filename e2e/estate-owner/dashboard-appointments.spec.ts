import { expect as baseExpect, axeAtBothWidths, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';

// This machine is shared and slow at times: generous waits, the same checks.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/** A weekday date a few days ahead, as the date input wants it. */
const daysFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a new owner is greeted "Welcome", sees an open checklist, the Security sub-bar and what Legal Documents counts', async ({ page }) => {
  const email = `lena.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name: 'Lena Ortiz', email, password: 'a-long-enough-password' });
  await page.goto('/estate-owner');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lena' })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Getting Started' });
  await expect(checklist.getByText('0 of 7 steps done')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Upload your will — not done yet' })).toHaveAttribute('href', '/estate-owner/documents');
  await expect(page.getByRole('progressbar', { name: 'Security' })).toHaveAttribute('aria-valuenow', /^\d+$/);
  const glance = page.getByRole('list', { name: 'Your legacy at a glance' });
  await expect(glance.getByRole('link', { name: /Legal Documents\s*0\s*of 0 documents in your vault/ })).toBeVisible();
  await axeAtBothWidths(page);

  // Issue 24: the will uploaded from its task does the task; the notice does not offer to do it again.
  await page.getByRole('button', { name: 'Upload a document for: Upload your will' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await upload.getByLabel('Title').fill('Last Will and Testament');
  await upload.getByLabel('Type').selectOption({ label: 'Legal Document' });
  await upload.getByLabel('File').setInputFiles({ name: 'will.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded “Last Will and Testament”.')).toBeVisible();
  await expect(checklist.getByText('1 of 7 steps done')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark “Upload your will” complete/ })).toHaveCount(0);
});

test.describe('the demo owner', () => {
  test.beforeEach(async ({ login }) => {
    await login({ role: 'estate-owner' });
  });

  test('Margaret is greeted "Welcome back"; her checklist is ticked from her data', async ({ page }) => {
    await page.goto('/estate-owner');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' })).toBeVisible();
    const checklist = page.getByRole('region', { name: 'Getting Started' });
    await expect(checklist.getByText('Upload your will — done')).toBeAttached();
    await expect(checklist.getByText('Write a future message — done')).toBeAttached();
    const glance = page.getByRole('list', { name: 'Your legacy at a glance' });
    await expect(glance.getByRole('link', { name: /Legal Documents\s*5\s*of 12 documents in your vault/ })).toBeVisible();
    for (const bar of ['Documents', 'Beneficiaries', 'Accounts', 'Security']) {
      await expect(page.getByRole('progressbar', { name: bar })).toHaveAttribute('aria-valuenow', /^\d+$/);
    }
    await axeAtBothWidths(page);
  });

  test('an early booking asks first; cancel asks, says who is told, and moves it to Past and Cancelled', async ({ page }) => {
    await page.goto('/estate-owner/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByText('Times in UTC', { exact: true })).toBeVisible();
    await axeAtBothWidths(page);

    const notes = `Before work ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Schedule appointment' });
    await form.getByLabel('Appointment type').selectOption({ label: 'Document Review (60 min)' });
    await form.getByLabel('With').selectOption({ label: 'David Chen — Legacy Planner' });
    await form.getByLabel('Date').fill(daysFromNow(4));
    await form.getByLabel('Time (UTC)').fill('07:00');
    await form.getByLabel('Notes').fill(notes);
    await form.getByRole('button', { name: 'Schedule' }).click();

    const ask = page.getByRole('dialog', { name: 'Outside usual hours' });
    await expect(ask.getByText(/07:00–08:00 UTC is outside usual hours/)).toBeVisible();
    await expectNoAxeViolations(page);
    // choosing another time books nothing
    await ask.getByRole('button', { name: 'Choose another time' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: notes })).toHaveCount(0);
    await form.getByRole('button', { name: 'Schedule' }).click();
    await page.getByRole('dialog', { name: 'Outside usual hours' }).getByRole('button', { name: 'Send anyway' }).click();
    await expect(page.getByText(/Requested: Document Review with David Chen, .*07:00–08:00 UTC/)).toBeVisible();

    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
    const item = upcoming.getByRole('listitem').filter({ hasText: notes });
    await expect(item.locator('time')).toHaveText(/07:00–08:00 UTC$/);
    await item.getByRole('button', { name: /^Cancel appointment: Document Review/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expect(confirm.getByText('David Chen will be told straight away.')).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByText('Cancelled: Document Review with David Chen. David Chen has been told.')).toBeVisible();
    await expect(upcoming.getByRole('listitem').filter({ hasText: notes })).toHaveCount(0);
    const past = page.getByRole('region', { name: 'Past and Cancelled' });
    await expect(past.getByRole('listitem').filter({ hasText: notes }).getByText('Cancelled', { exact: true })).toBeVisible();
    await axeAtBothWidths(page);
  });
});
