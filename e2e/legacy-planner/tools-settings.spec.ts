import fs from 'node:fs';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { csrfToken, expect, expectNoAxeViolations, test } from '../fixtures.ts';

/** axe at desktop width, then again at a 390 px phone width (and back). */
async function axeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);
}

async function patchSettings(page: Page, body: Record<string, unknown>) {
  const res = await page.request.patch('/api/v1/settings', { data: body, headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('legacy planner: settings, tools, resources, appointments, messages', () => {
  test.beforeEach(async ({ login }) => {
    await login({ role: 'legacy-planner' });
  });

  test('settings are saved and still there after a reload', async ({ page }) => {
    await page.goto('/legacy-planner/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('radio', { name: /Clients Only/ }).check();
    await page.getByRole('checkbox', { name: /Email notifications for new appointments/ }).uncheck();
    await page.getByLabel('Time Zone').selectOption('PT');
    await page.getByLabel('Preferred Contact Method').selectOption('In-App Messages');
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Your settings were saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('radio', { name: /Clients Only/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Email notifications for new appointments/ })).not.toBeChecked();
    await expect(page.getByLabel('Time Zone')).toHaveValue('PT');
    await expect(page.getByLabel('Preferred Contact Method')).toHaveValue('In-App Messages');
    await patchSettings(page, { plannerVisibility: 'Private', plannerAppointmentEmails: true, plannerTimeZone: 'ET', plannerContactMethod: 'Email' });
  });

  test('the tools page downloads Margaret Ellis’s Legacy Checklist as a PDF', async ({ page }) => {
    await page.goto('/legacy-planner/tools');
    await expect(page.getByRole('heading', { level: 1, name: 'Assistance Tools' })).toBeVisible();
    for (const name of ['Legacy Checklist', 'Document Gathering Worksheet', 'Conversation Guide', 'Appointment Booker', 'Invitation Templates', 'Client Progress Export']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await axeAtBothWidths(page);
    const checklist = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Legacy Checklist', exact: true }) });
    await checklist.getByLabel('Loved one').selectOption({ label: 'Margaret Ellis' });
    const [download] = await Promise.all([page.waitForEvent('download'), checklist.getByRole('link', { name: 'Download Checklist (PDF) for Margaret Ellis' }).click()]);
    expect(download.suggestedFilename()).toBe('legacy-checklist-margaret-ellis.pdf');
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    await expect(page.getByRole('link', { name: 'Use this template: For Reluctant Family Members' })).toHaveAttribute(
      'href',
      '/legacy-planner/loved-ones/invite?template=For%20Reluctant%20Family%20Members',
    );
    await page.getByRole('link', { name: 'Open the guide' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Starting the conversation with your family' })).toBeVisible();
  });

  test('resources: search finds an article by a word in its text, and it reads', async ({ page }) => {
    await page.goto('/legacy-planner/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Learning Resources' })).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('codicils');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 article matches “codicils”.')).toBeVisible();
    await page.getByRole('link', { name: 'Gathering the important documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gathering the important documents' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Legal documents' })).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('link', { name: 'Back to Learning Resources' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Learning Resources' })).toBeVisible();

    await page.goto('/legacy-planner/resources/no-such-article');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  });

  test('appointments offer the planner types and show times in the planner’s zone', async ({ page }) => {
    await patchSettings(page, { plannerTimeZone: 'CT' });
    await page.goto('/legacy-planner/appointments?schedule=1&type=Memory%20Recording');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByText(/Times are shown in Central Time \(CT\)/)).toBeVisible();
    const type = page.getByLabel('Appointment type');
    await expect(type).toHaveValue('Memory Recording');
    await expect(type).toBeFocused();
    for (const label of ['Initial Consultation (60 min)', 'Document Organization (90 min)', 'Memory Recording (120 min)', 'Family Meeting (90 min)']) {
      await expect(type.getByRole('option', { name: label })).toBeAttached();
    }
    await expect(page.getByLabel('Time (CT)')).toBeVisible();
    await expect(page.locator('time').first()).toHaveText(/\d{2}:\d{2}–\d{2}:\d{2} CT$/);
    await expect(page.getByRole('link', { name: /^Add to calendar: .* \(\.ics file\)$/ }).first()).toHaveAttribute('href', /\/api\/v1\/appointments\/[\w-]+\/ics$/);
    await axeAtBothWidths(page);
    await patchSettings(page, { plannerTimeZone: 'ET' });
  });

  test('messages: unread threads carry a New badge; read and reply', async ({ page, baseURL }) => {
    // Emily Ellis (a beneficiary of Margaret, the planner's client) writes to David Chen.
    const emily = await playwrightRequest.newContext({ baseURL: baseURL! });
    const token = async () => ((await (await emily.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
    expect((await emily.post('/api/v1/demo/sign-in', { data: { persona: 'beneficiary' }, headers: { 'x-csrf-token': await token() } })).status()).toBe(200);
    const contacts = ((await (await emily.get('/api/v1/inbox/contacts')).json()) as { items: { userId: string; estateId: string; name: string }[] }).items;
    const david = contacts.find((c) => c.name === 'David Chen')!;
    const subject = `Papers in the blue folder ${Date.now()}`;
    const sent = await emily.post('/api/v1/inbox/messages', {
      data: { estateId: david.estateId, recipientUserId: david.userId, subject, body: 'I found the insurance papers in the blue folder.' },
      headers: { 'x-csrf-token': await token() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await emily.dispose();

    await page.goto('/legacy-planner/messages');
    const row = page.getByRole('listitem').filter({ hasText: subject });
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await axeAtBothWidths(page);
    await row.getByRole('button', { name: 'Read' }).click();
    const thread = page.getByRole('dialog', { name: subject });
    await expect(thread.getByText('I found the insurance papers in the blue folder.')).toBeVisible();
    await thread.getByLabel('Your reply').fill('Thank you, Emily — I will add them to the checklist.');
    await thread.getByRole('button', { name: /Send/ }).click();
    await expect(thread.getByText('Thank you, Emily — I will add them to the checklist.')).toBeVisible();
    await thread.getByRole('button', { name: 'Close' }).first().click();
    await expect(row.getByText('New', { exact: true })).toBeHidden();
  });

  test('messages: compose to a client', async ({ page }) => {
    const contacts = ((await (await page.request.get('/api/v1/inbox/contacts')).json()) as { items: { name: string }[] }).items;
    // A planner's contacts are their clients.
    expect(contacts.map((c) => c.name)).toContain('Margaret Ellis');
    await page.goto('/legacy-planner/messages');
    await page.getByRole('button', { name: 'Compose Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compose Message' });
    const margaret = await dialog.getByLabel('To').locator('option', { hasText: 'Margaret Ellis' }).first().getAttribute('value');
    await dialog.getByLabel('To').selectOption(margaret!);
    const subject = `Before Tuesday ${Date.now()}`;
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Could you find the pension statements before our session?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(`Your message “${subject}” was sent to Margaret Ellis.`)).toBeVisible();
  });
});
