import type { Page } from '@playwright/test';
import { ALERT_SETTING_LABELS } from '../../src/core/lifecycle.schemas.ts';
import { ACCESS_FLAG_LABELS, ACCESS_FLAGS, REQUIRED_DOCUMENT_OPTIONS, VERIFICATION_TIMEOUTS } from '../../src/core/constants.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';

/**
 * The estate administrator's screens on the demo seed (src/server/db/seed/demo-estates.ts): Robert
 * Hayes looks after Walter Brennan and Dorothy Kim (verification pending), Arthur Pendleton
 * (activation pending, manual activation), Evelyn Carter (active) and the demo family (planning).
 * The demo family must stay in planning: no test here reports a passing.
 */

const AREA = '/estate-administrator';

async function openFromSidebar(page: Page, link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

test('every estate administrator screen shows the wireframe’s labels and passes axe', async ({ page, login }) => {
  test.setTimeout(180_000);
  await login({ role: 'estate-administrator' });

  // Dashboard: five tiles, recent alerts, pending verifications.
  await page.goto(AREA);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Robert' })).toBeVisible();
  const tiles = page.getByRole('list', { name: 'Estate overview' });
  for (const label of ['Total Estates', 'Pending Verifications', 'Activation Pending', 'Active Estates', 'Open Alerts']) {
    await expect(tiles.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending Verifications' })).toBeVisible();
  await expect(page.getByText('Helen Brennan (Daughter) reported a passing: 2 documents to verify.').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Estate management: tiles, the table with the §4 labels, and Verify / Activate / View Details where they apply.
  await openFromSidebar(page, 'Estates', 'Estate Management');
  const estateTiles = page.getByRole('list', { name: 'Estate counts' });
  for (const label of ['Total Estates', 'Pending Verification', 'Active']) await expect(estateTiles.getByText(label, { exact: true })).toBeVisible();
  for (const header of ['Estate', 'Status', 'Submitted', 'Activation', 'Beneficiaries', 'Documents', 'Verification']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(row(page, 'Walter Brennan').getByText('Verification Pending')).toBeVisible();
  await expect(row(page, 'Walter Brennan').getByRole('link', { name: 'Verify Walter Brennan' })).toBeVisible();
  await expect(row(page, 'Walter Brennan').getByRole('button', { name: /^Activate/ })).toHaveCount(0);
  await expect(row(page, 'Arthur Pendleton').getByText('Activation Pending')).toBeVisible();
  await expect(row(page, 'Arthur Pendleton').getByRole('button', { name: 'Activate Arthur Pendleton' })).toBeVisible();
  await expect(row(page, 'Arthur Pendleton').getByRole('link', { name: /^Verify/ })).toHaveCount(0);
  await expect(row(page, 'Evelyn Carter').getByText('Active', { exact: true })).toBeVisible();
  await expect(row(page, 'Margaret Ellis').getByText('Planning')).toBeVisible();
  await expect(row(page, 'Arthur Pendleton').getByRole('progressbar', { name: 'Verification progress of Arthur Pendleton' })).toHaveAttribute('aria-valuenow', '100');
  await expectNoAxeViolations(page);

  // Search narrows the list (kept in the address).
  await page.getByRole('searchbox', { name: 'Search estates' }).fill('Brennan');
  await expect(page).toHaveURL(/q=Brennan/);
  await expect(page.getByRole('rowheader', { name: 'Arthur Pendleton' })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: 'Walter Brennan' })).toBeVisible();

  // Verify leads to the verifications of that estate.
  await row(page, 'Walter Brennan').getByRole('link', { name: 'Verify Walter Brennan' }).click();
  await expect(page).toHaveURL(/\/estate-administrator\/verifications\?estateId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Verifications' })).toBeVisible();
  await expect(page.getByText('Documents reported for')).toContainText('Walter Brennan');
  await expect(page.getByRole('rowheader', { name: /Dorothy Kim/ })).toHaveCount(0);

  // Document verifications, all estates: columns, priorities, Approve and Reject only on pending items, guidelines.
  await page.getByRole('link', { name: 'Show all estates' }).click();
  await expect(page).toHaveURL(`${AREA}/verifications`);
  for (const header of ['Document', 'Submitted by', 'Submitted', 'Verified', 'Status', 'Priority']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const dorothy = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Death Certificate\s*Dorothy Kim/ }) });
  await expect(dorothy.getByText('High', { exact: true })).toBeVisible();
  await expect(dorothy.getByText('Pending', { exact: true })).toBeVisible();
  await expect(dorothy.getByRole('button', { name: /^Approve/ })).toBeVisible();
  await expect(dorothy.getByRole('button', { name: /^Reject/ })).toBeVisible();
  const evelyn = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Evelyn Carter/ }) });
  await expect(evelyn.getByText('Completed', { exact: true })).toBeVisible();
  await expect(evelyn.getByText('Verified', { exact: true })).toBeVisible();
  await expect(evelyn.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(evelyn.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verification Guidelines' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Verification counts' }).getByText('Pending Review')).toBeVisible();
  await expectNoAxeViolations(page);

  // The status filter.
  await page.getByRole('group', { name: 'Show documents' }).getByRole('button', { name: 'Verified' }).click();
  await expect(page).toHaveURL(/status=verified/);
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await page.getByRole('group', { name: 'Show documents' }).getByRole('button', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/status=/);

  // View: the document in an in-page frame at its short-lived address, and Close.
  await dorothy.getByRole('button', { name: /^View/ }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('heading', { name: 'Death Certificate — Dorothy Kim' })).toBeVisible();
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^\/api\/v1\/verification-files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
  const src = await frame.getAttribute('src');
  const file = await page.request.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toHaveCount(0);

  // Reject needs a reason (checked before anything is sent); Cancel leaves the item pending.
  await dorothy.getByRole('button', { name: /^Reject/ }).click();
  const reject = page.getByRole('dialog');
  await expect(reject.getByRole('heading', { name: 'Reject this document?' })).toBeVisible();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Enter a reason')).toBeVisible();
  await expect(reject.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toHaveCount(0);
  await expect(dorothy.getByText('Pending', { exact: true })).toBeVisible();

  // Alerts: counters, active alerts with Take Action and Resolve, overdue marked, settings, guidelines.
  await openFromSidebar(page, 'Alerts', 'Alerts');
  const counters = page.getByRole('list', { name: 'Alert counts' });
  for (const label of ['Unread', 'In Progress', 'Resolved', 'High Priority']) await expect(counters.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Alerts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take Action' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resolve' }).first()).toBeVisible();
  await expect(page.getByText('Overdue', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alert Settings' })).toBeVisible();
  for (const label of Object.values(ALERT_SETTING_LABELS)) await expect(page.getByRole('checkbox', { name: label })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Response Guidelines' })).toBeVisible();
  await expect(page.getByText('Respond to high-priority alerts within 1 hour')).toBeVisible();
  await expect(page.getByText('Follow up with estate owners within 24 hours')).toBeVisible();
  await expectNoAxeViolations(page);

  // Settings: notifications, verification timeout, required documents; Save Changes says Saved.
  await openFromSidebar(page, 'Settings', 'Settings');
  await expect(page.getByRole('checkbox', { name: 'Email notifications' })).toBeVisible();
  for (const label of Object.values(ALERT_SETTING_LABELS)) await expect(page.getByRole('checkbox', { name: label })).toBeVisible();
  const timeout = page.getByLabel('Verification timeout');
  await expect(timeout.getByRole('option')).toHaveText(Object.values(VERIFICATION_TIMEOUTS));
  for (const doc of REQUIRED_DOCUMENT_OPTIONS) await expect(page.getByRole('checkbox', { name: doc })).toBeVisible();
  await expectNoAxeViolations(page);
  const checked = page.getByRole('group', { name: /Required documents/ }).getByRole('checkbox', { checked: true });
  const wasChecked = await checked.count();
  expect(wasChecked).toBeGreaterThan(0);
  for (const doc of REQUIRED_DOCUMENT_OPTIONS) await page.getByRole('checkbox', { name: doc }).uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Choose at least one document')).toBeVisible();
  await page.reload();
  await expect(checked).toHaveCount(wasChecked);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // Appointments: the shared screen with this persona's types.
  await openFromSidebar(page, 'Appointments', 'Appointments');
  await expect(page.getByRole('heading', { name: 'Schedule Appointment' })).toBeVisible();
  await expect(page.getByLabel('Appointment type').getByRole('option', { name: /Estate Activation Review/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('estate detail: owner, Update Status offers Activate only when allowed, and an unknown estate is the not-found screen', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'estate-administrator' });

  await page.goto(`${AREA}/estates`);
  await row(page, 'Walter Brennan').getByRole('link', { name: 'View Details Walter Brennan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walter Brennan' })).toBeVisible();
  await expect(page.getByText('Born 3 June 1941')).toBeVisible();
  for (const heading of ['Estate Information', 'Digital Legacy Status', 'Documents', 'Beneficiaries']) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('progressbar', { name: 'Legacy completion' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByRole('menuitem', { name: 'No status change is possible now.' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);

  // Arthur Pendleton waits for manual activation: Update Status offers Activate, confirmed in a dialog.
  await page.goto(`${AREA}/estates`);
  await row(page, 'Arthur Pendleton').getByRole('link', { name: 'View Details Arthur Pendleton' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Arthur Pendleton' })).toBeVisible();
  await expect(page.getByText('Manual activation only')).toBeVisible();
  await page.getByRole('button', { name: 'Update Status' }).click();
  await page.getByRole('menuitem', { name: /Activate/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Activate this estate?' })).toBeVisible();
  await expect(confirm.getByText('Arthur Pendleton: the status changes from Activation Pending to Active.')).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Arthur Pendleton: the estate is now Active.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Arthur Pendleton' }).locator('..').getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByRole('menuitem', { name: 'No status change is possible now.' })).toBeVisible();
  await page.keyboard.press('Escape');

  // An estate that is not there (or not in your care) is "not found", inside the area.
  await page.goto(`${AREA}/estates/11111111-1111-4111-8111-111111111111`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estate not found' })).toBeVisible();
  await expect(page.getByText('404 — no estate in your care is at this address.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${AREA}/estates/not-an-id`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estate not found' })).toBeVisible();
});

test('estate detail: View Access shows a beneficiary’s flags read-only, Manage Access leads to the beneficiaries, and Report a passing is there in planning', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ role: 'estate-administrator' });

  await page.goto(`${AREA}/estates`);
  await row(page, 'Walter Brennan').getByRole('link', { name: 'View Details Walter Brennan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walter Brennan' })).toBeVisible();
  // Verification pending: no Report a passing here (a report is already under way).
  await expect(page.getByRole('button', { name: 'Report a passing' })).toHaveCount(0);

  // Manage Access moves focus to the Beneficiaries section, where View Access lives.
  await page.getByRole('button', { name: 'Manage Access' }).click();
  const beneficiaries = page.getByRole('region', { name: 'Beneficiaries' });
  await expect(beneficiaries.getByRole('heading', { level: 2, name: 'Beneficiaries' })).toBeFocused();
  await expect(beneficiaries).toBeInViewport();

  // View Access: the five flags as on/off with what is shared and visible now, and that only the owner changes them.
  const viewAccess = beneficiaries.getByRole('button', { name: 'View Access Helen Brennan' });
  await viewAccess.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'What Helen Brennan can see' })).toBeVisible();
  const flags = dialog.getByRole('list', { name: 'Access permissions' });
  await expect(flags.getByRole('listitem')).toHaveCount(ACCESS_FLAGS.length);
  for (const flag of ACCESS_FLAGS) await expect(flags.getByRole('listitem').filter({ hasText: ACCESS_FLAG_LABELS[flag] })).toContainText(/: ?(On|Off)/);
  await expect(flags.getByRole('listitem').filter({ hasText: 'Memories' })).toContainText('On');
  await expect(flags.getByRole('listitem').filter({ hasText: 'Memories' })).toContainText(/shared with them · \d+ visible to them now/);
  await expect(flags.getByRole('listitem').filter({ hasText: 'Digital Legacy' })).toContainText('Off');
  await expect(dialog.getByText('Estate status: Verification Pending.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('only the owner, Walter Brennan, can change')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Change|Edit|Save/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(viewAccess).toBeFocused();

  // The demo family is in planning: the support team may report a passing from here (not submitted: the family stays in planning).
  await page.goto(`${AREA}/estates`);
  await row(page, 'Margaret Ellis').getByRole('link', { name: 'View Details Margaret Ellis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Ellis' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report a passing' })).toBeVisible();
  await page.getByRole('button', { name: 'View Access Emily Ellis' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'What Emily Ellis can see' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Estate status: Planning.', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('on a phone the estates and verifications are cards, and pass axe', async ({ page, login }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login({ role: 'estate-administrator' });

  await page.goto(`${AREA}/estates`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estate Management' })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  const card = page.getByRole('list', { name: 'Estates' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Walter Brennan' }) });
  await expect(card.getByText('Verification Pending')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Verify Walter Brennan' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Details Walter Brennan' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`${AREA}/verifications`);
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Documents to verify' }).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
