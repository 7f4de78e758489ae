import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { csrfToken, expect, expectNoAxeViolations, test } from '../fixtures.ts';

/** The four task counters as numbers. */
async function counters(page: Page) {
  const read = async (key: string) => Number(await page.getByTestId(`count-${key}`).textContent());
  return { total: await read('total'), completed: await read('completed'), pending: await read('pending'), highPriority: await read('highPriority') };
}

/** A date some days from today in the browser's calendar (YYYY-MM-DD). */
const daysFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const card = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test.describe('estate owner: dashboard, beneficiaries, tasks, appointments', () => {
  test.beforeEach(async ({ login }) => {
    await login({ role: 'estate-owner' });
  });

  test('the dashboard shows figures from the owner’s data, and Message, View Access and the task modal work', async ({ page }) => {
    await page.goto('/estate-owner');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' })).toBeVisible();
    for (const bar of ['Overall completion', 'Documents', 'Beneficiaries', 'Accounts']) {
      await expect(page.getByRole('progressbar', { name: bar })).toHaveAttribute('aria-valuenow', /^\d+$/);
    }
    const glance = page.getByRole('list', { name: 'Your legacy at a glance' });
    await expect(glance.getByRole('link', { name: /Legal Documents\s*5\s*of 12 documents/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Digital Assets\s*8/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Security\s*\d+\s*of 6 measures on/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Support Team' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'david.chen@demo.heirloom.local' })).toBeVisible();
    await expectNoAxeViolations(page);

    // View Access: Emily's flags and what she can see
    await page.getByRole('button', { name: 'View Access for Emily Ellis' }).click();
    const access = page.getByRole('dialog', { name: 'What Emily can see' });
    await expect(access.getByText(/Memories\s*— allowed/)).toBeVisible();
    await expect(access.getByText(/memor(y|ies) shared with them/)).toBeVisible();
    await expectNoAxeViolations(page);
    await access.getByRole('button', { name: 'Close' }).first().click();
    await expect(access).toBeHidden();

    // Message someone without an account: the dialog says so and offers the invitation again
    await page.getByRole('button', { name: 'Message James Ellis' }).click();
    const toJames = page.getByRole('dialog', { name: 'Message James Ellis' });
    await expect(toJames.getByText('James has not accepted their invitation yet')).toBeVisible();
    await toJames.getByRole('button', { name: 'Resend invitation' }).click();
    await expect(page.getByText('Sent James Ellis a new invitation at james.ellis@example.com.')).toBeVisible();

    // Message Emily, who has an account: it goes to her inbox
    await page.getByRole('button', { name: 'Message Emily Ellis' }).click();
    const toEmily = page.getByRole('dialog', { name: 'Message Emily Ellis' });
    await toEmily.getByRole('button', { name: 'Send Message' }).click();
    await expect(toEmily.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    const subject = `Sunday lunch ${Date.now()}`;
    await toEmily.getByLabel('Subject').fill(subject);
    await toEmily.getByLabel('Message').fill('Come at one, and bring the photo albums.');
    await toEmily.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent to Emily Ellis.')).toBeVisible();

    // Upload Document from a document task (the vault's upload), then offered to tick the task off
    await page.getByRole('button', { name: 'Upload a document for: Add the pension statement' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Document' });
    await upload.getByLabel('Title').fill('Teachers’ pension statement 2026');
    await upload.getByLabel('Type').selectOption({ label: 'Financial Record' });
    await upload.getByLabel('File').setInputFiles({
      name: 'pension.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Uploaded “Teachers’ pension statement 2026”.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark “Add the pension statement” complete' })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Legal Documents\s*5\s*of 13 documents/ })).toBeVisible();
    // leave the demo's vault as the seed made it
    const docs = (await (await page.request.get('/api/v1/documents?q=pension%20statement%202026')).json()) as { items: { id: string; title: string }[] };
    const uploaded = docs.items.find((d) => d.title === 'Teachers’ pension statement 2026');
    expect(uploaded).toBeTruthy();
    expect((await page.request.delete(`/api/v1/documents/${uploaded!.id}`, { headers: { 'x-csrf-token': await csrfToken(page) } })).ok()).toBe(true);

    // The task modal: an open task with where to do it
    await page.getByRole('button', { name: /^Open task: / }).first().click();
    const taskModal = page.getByRole('dialog');
    await expect(taskModal.getByRole('button', { name: 'Mark complete' })).toBeVisible();
    await expectNoAxeViolations(page);
    await taskModal.getByRole('button', { name: 'Close' }).first().click();
    await expect(taskModal).toBeHidden();
  });

  test('add a beneficiary with the default access, change a flag (it saves), edit and remove', async ({ page }) => {
    await page.goto('/estate-owner/beneficiaries');
    await expect(page.getByRole('heading', { level: 1, name: 'Beneficiaries' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Add Beneficiary' }).first().click();
    await expect(page).toHaveURL('/estate-owner/beneficiaries/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Beneficiary' })).toBeVisible();

    // the wireframe's defaults: memories, documents, messages on; beneficiaries, digital legacy off
    for (const [label, on] of [['Memories', true], ['Documents', true], ['Messages', true], ['Beneficiaries', false], ['Digital Legacy', false]] as const) {
      await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked({ checked: on });
    }
    await expect(page.getByRole('complementary').getByText('David Chen')).toBeVisible();
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Add Beneficiary' });
    await form.getByRole('button', { name: 'Add Beneficiary' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    const email = `hannah.porter.${Date.now()}@example.com`;
    await page.getByLabel('First name').fill('Hannah');
    await page.getByLabel('Last name').fill('Porter');
    await page.getByLabel('Relationship').selectOption('Friend');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 (555) 867-2231');
    await page.getByLabel('Date of birth').fill('1956-07-14');
    await page.getByRole('checkbox', { name: 'Messages', exact: true }).uncheck();
    await form.getByRole('button', { name: 'Add Beneficiary' }).click();

    await expect(page).toHaveURL(/\/estate-owner\/beneficiaries\?added=/);
    await expect(page.getByText('Added Hannah Porter. We emailed them an invitation')).toBeVisible();
    const hannah = card(page, 'Hannah Porter');
    await expect(hannah.getByText('Invitation pending')).toBeVisible();
    await expect(hannah.getByText('Friend', { exact: true })).toBeVisible();
    await expect(hannah.getByRole('checkbox', { name: 'Messages' })).not.toBeChecked();

    // a flag saves on change and survives a reload
    // Digital Legacy says what it hands over and asks first
    await hannah.getByRole('checkbox', { name: 'Digital Legacy' }).click();
    await page.getByRole('dialog', { name: 'Turn on Digital Legacy?' }).getByRole('button', { name: 'Turn on Digital Legacy' }).click();
    await expect(hannah.getByText('Saved: Digital Legacy on')).toBeVisible();
    await page.reload();
    await expect(card(page, 'Hannah Porter').getByRole('checkbox', { name: 'Digital Legacy' })).toBeChecked();

    // Edit
    await card(page, 'Hannah Porter').getByRole('button', { name: 'Edit Hannah Porter' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hannah Porter' });
    await edit.getByLabel('Relationship').selectOption('Other Family');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card(page, 'Hannah Porter').getByText('Other Family', { exact: true })).toBeVisible();

    // the dashboard counts her
    await page.goto('/estate-owner');
    await expect(page.getByRole('list', { name: 'Your legacy at a glance' }).getByRole('link', { name: /Beneficiaries\s*6/ })).toBeVisible();

    // Remove, with confirmation
    await page.goto('/estate-owner/beneficiaries');
    await card(page, 'Hannah Porter').getByRole('button', { name: 'Remove Hannah Porter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Hannah Porter?' });
    // (Headless UI's outer dialog element has no size: assert on its content)
    await expect(confirm.getByText('will no longer see anything you shared with them')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed Hannah Porter.')).toBeVisible();
    await expect(card(page, 'Hannah Porter')).toHaveCount(0);
  });

  test('add a support team member by invitation and remove them; public planners are offered', async ({ page }) => {
    await page.goto('/estate-owner/beneficiaries');
    await page.getByRole('button', { name: /Add Support Team Member/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Support Team Member' });
    await dialog.getByRole('tab', { name: 'Choose a planner' }).click();
    await expect(dialog.getByText('Aisha Rahman')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('tab', { name: 'Invite by email' }).click();
    await dialog.getByLabel('Role', { exact: true }).selectOption('estate-administrator');
    await dialog.getByLabel('Full name', { exact: true }).fill('Nora Quinlan');
    await dialog.getByLabel('Email', { exact: true }).fill(`nora.quinlan.${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog).toBeHidden();
    const nora = card(page, 'Nora Quinlan');
    await expect(nora.getByText('Estate Administrator')).toBeVisible();
    await expect(nora.getByText('Invitation pending')).toBeVisible();
    await nora.getByRole('button', { name: 'Remove Nora Quinlan' }).click();
    await page.getByRole('dialog', { name: 'Remove Nora Quinlan?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(card(page, 'Nora Quinlan')).toHaveCount(0);
  });

  test('add and complete a task: the counters change; filter and search find it', async ({ page }) => {
    await page.goto('/estate-owner/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    const before = await counters(page);

    const title = `Label the boxes in the attic ${Date.now()}`;
    await page.getByRole('button', { name: 'Add New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Task' });
    await expect(dialog.getByLabel('Description')).toHaveAttribute('rows', '3');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add New Task' }).click();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Christmas decorations, the children’s school reports, Dad’s medals.');
    await dialog.getByLabel('Due date').fill(daysFromNow(9));
    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByRole('button', { name: 'Add New Task' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Added “${title}”.`)).toBeVisible();
    await expect.poll(() => counters(page)).toEqual({
      total: before.total + 1,
      completed: before.completed,
      pending: before.pending + 1,
      highPriority: before.highPriority + 1,
    });

    // filter and search
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect(page).toHaveURL(/filter=pending/);
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill('attic');
    await expect(page).toHaveURL(/q=attic/);
    const tasks = page.getByRole('list', { name: 'Tasks' });
    await expect(tasks.getByRole('listitem')).toHaveCount(1);
    const row = tasks.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('High priority')).toBeVisible();
    await expect(row.getByText(/in 9 days/)).toBeVisible();

    await row.getByRole('button', { name: `Complete ${title}` }).click();
    await expect(page.getByText(`Completed “${title}”.`)).toBeVisible();
    // pending filter: it is gone from the list; the counters moved
    await expect(tasks.getByRole('listitem')).toHaveCount(0);
    await expect.poll(() => counters(page)).toEqual({
      total: before.total + 1,
      completed: before.completed + 1,
      pending: before.pending,
      highPriority: before.highPriority,
    });

    // completed: struck through, and it can be reopened
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    const done = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
    await expect(done.getByRole('heading', { name: `${title} (completed)` })).toBeVisible();
    await done.getByRole('button', { name: `Reopen ${title}` }).click();
    await expect(page.getByText(`Reopened “${title}”.`)).toBeVisible();
    await expect.poll(async () => (await counters(page)).pending).toBe(before.pending + 1);
    // tidy up: complete it again, so the demo's counts stay meaningful for other specs
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: `Complete ${title}` }).click();
    await expect(page.getByText(`Completed “${title}”.`)).toBeVisible();
  });

  test('schedule an appointment: pending until the planner confirms, and it downloads as .ics', async ({ page, login }) => {
    await page.goto('/estate-owner/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Calendar Integration' })).toBeVisible();
    await expectNoAxeViolations(page);

    const notes = `Bring the shoebox of letters ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Schedule appointment' });
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(form.getByLabel('Appointment type')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Appointment type').selectOption({ label: 'Family Meeting (90 min)' });
    await form.getByLabel('With').selectOption({ label: 'David Chen — Legacy Planner' });
    await form.getByLabel('Date').fill(daysFromNow(3));
    await form.getByLabel('Time').fill('10:30');
    await form.getByLabel('Notes').fill(notes);
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText(/Requested: Family Meeting with David Chen/)).toBeVisible();

    const item = page.getByRole('listitem').filter({ hasText: notes });
    await expect(item.getByText('Pending', { exact: true })).toBeVisible();
    await expect(item.getByText(/10:30–12:00/)).toBeVisible();
    await expect(item.getByText('Waiting for David Chen to confirm.')).toBeVisible();

    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: /^Add to calendar: Family Meeting/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^heirloom-family-meeting-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = fs.readFileSync(await file.path(), 'utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('SUMMARY:Family Meeting with David Chen');
    expect(ics).toContain('DURATION:PT90M');

    // The other side: David confirms it (his screen comes with his persona; the API is here now).
    const { appointments } = (await (await page.request.get('/api/v1/appointments')).json()) as { appointments: { id: string; notes: string }[] };
    const id = appointments.find((a) => a.notes === notes)!.id;
    await login({ role: 'legacy-planner' });
    const confirmed = await page.request.post(`/api/v1/appointments/${id}/confirm`, { headers: { 'x-csrf-token': await csrfToken(page) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await login({ role: 'estate-owner' });
    await page.goto('/estate-owner/appointments');
    const after = page.getByRole('listitem').filter({ hasText: notes });
    await expect(after.getByText('Confirmed', { exact: true })).toBeVisible();
    await after.getByRole('button', { name: /^Cancel appointment: Family Meeting/ }).click();
    await page.getByRole('dialog', { name: 'Cancel this appointment?' }).getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByText('Cancelled: Family Meeting with David Chen.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: notes }).getByText('Cancelled', { exact: true })).toBeVisible();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the dashboard, tasks and appointments fit and stay accessible', async ({ page }) => {
      for (const [path, heading] of [
        ['/estate-owner', 'Welcome back, Margaret'],
        ['/estate-owner/tasks', 'Tasks'],
        ['/estate-owner/appointments', 'Appointments'],
        ['/estate-owner/beneficiaries', 'Beneficiaries'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
      }
    });
  });
});

test('an invitation link that is not valid says so, in the fragment and in an old-style path', async ({ page }) => {
  for (const link of ['/invitations#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/invitations/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/invitations']) {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
    await expect(page.getByText('This invitation link is not valid')).toBeVisible();
  }
  await expectNoAxeViolations(page);
});
