import type { Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { axeAtBothWidths, csrfToken, expect as baseExpect, expectNoAxeViolations, test } from '../fixtures.ts';
import { createFamily, OWNER_PASSWORD } from '../estate-lifecycle/family.ts';
import { moveServerClock, signInAgain } from './clock.ts';

// Five helpers share two cores: give a loading screen time.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Incapacity mode in the browser (issue 13 item 4, ADR 0048): the owner chooses on Account Settings
 * that their beneficiary may read their memories if they become incapacitated; the beneficiary
 * reports an incapacity with medical documentation; the estate administrator verifies it and the
 * estate enters incapacity mode; the beneficiary sees the owner's memory released "now" (shared with
 * nobody) read-only, and never the memory kept for after death; the owner signs in, confirms
 * "I'm back", and the access is gone. A family of its own; the clock is not moved.
 */

/**
 * "Verify and enter incapacity mode": the estate administrator approves the medical documentation.
 * (At merge, the veto window and trustee quorum of issue 13 gate this step: adjust it here only.)
 */
const WINDOW_MS = 7 * 24 * 60 * 60_000 + 60_000;

async function verifyAndEnterIncapacity(administrator: Page, estateId: string, ownerName: string) {
  await administrator.goto(`/estate-administrator/verifications?estateId=${estateId}`);
  await expect(administrator.getByRole('heading', { level: 1, name: 'Document Verifications' })).toBeVisible();
  await administrator.getByRole('button', { name: new RegExp(`^Approve Medical documentation, ${ownerName}`) }).first().click();
  await administrator.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(administrator.getByRole('button', { name: new RegExp(`^Approve Medical documentation, ${ownerName}`) })).toHaveCount(0);
  await administrator.goto(`/estate-administrator/estates/${estateId}`);
  await expect(administrator.getByText('Incapacity Mode', { exact: true }).first()).toBeVisible();
}

test('incapacity mode: chosen access while it lasts, never after-death content, gone after “I’m back”', async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);

  // The owner accepts incapacity reports, and keeps a memory released "now" but shared with nobody.
  const token = await csrfToken(owner);
  const settings = await owner.request.put('/api/v1/estate/settings', {
    data: { activationCondition: 'upon_incapacitation', releaseSchedule: 'all_at_once', releaseDates: [] },
    headers: { 'x-csrf-token': token },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const gardenTitle = `Our garden in spring ${Date.now()}`;
  const boundary = `----e2e${Date.now()}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ title: gardenTitle, date: '1985-04-01', description: 'Only for now.' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\n${JSON.stringify({ title: 'The garden', content: 'Tulips everywhere.' })}\r\n--${boundary}--\r\n`,
  );
  const created = await owner.request.post('/api/v1/memories', { data: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': token } });
  expect(created.status(), await created.text()).toBe(201);

  // 1. Account Settings: Byron King may read Memories in incapacity mode.
  await owner.goto('/estate-owner/settings');
  const card = owner.getByRole('region', { name: 'If I Become Incapacitated' });
  await expect(card.getByText(family.beneficiary.name, { exact: true })).toBeVisible();
  await card.getByRole('group', { name: `What ${family.beneficiary.name} may read in incapacity mode` }).getByRole('checkbox', { name: 'Memories' }).check();
  await card.getByRole('button', { name: 'Save incapacity choices' }).click();
  await expect(card.getByText('Your choices for incapacity mode are saved.')).toBeVisible();
  await axeAtBothWidths(owner);

  // In planning, the beneficiary sees neither memory.
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(gardenTitle)).toHaveCount(0);

  // 2. The beneficiary reports an incapacity with medical documentation.
  const reportable = (await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] };
  const estateId = reportable.items[0]!.estateId;
  await beneficiary.goto(`/beneficiary/estate/${estateId}`);
  await beneficiary.getByRole('button', { name: 'Report a passing' }).click();
  const dialog = beneficiary.getByRole('dialog', { name: 'Report a passing' });
  await dialog.getByRole('radio', { name: /Incapacity/ }).check();
  await dialog.getByLabel('Medical documentation').setInputFiles({ name: 'medical.pdf', mimeType: 'application/pdf', buffer: makePdf('Medical report — Ada Lovelace', ['Unable to manage her affairs']) });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = beneficiary.getByRole('dialog', { name: 'Report sent' });
  await expect(sent.getByText('Medical documentation: medical.pdf')).toBeVisible();
  await sent.getByRole('button', { name: 'Close' }).last().click();

  // 3. Once the owner's veto window (7 days by default, ADR 0047) has run out, the estate
  // administrator verifies it: incapacity mode, not activation. Everyone signs in again after the
  // clock moved (their sessions timed out meanwhile).
  await moveServerClock(baseURL!, WINDOW_MS);
  await signInAgain(administrator, family.administrator);
  await signInAgain(beneficiary, family.beneficiary);
  await signInAgain(owner, { email: family.ownerEmail, password: OWNER_PASSWORD });
  await verifyAndEnterIncapacity(administrator, estateId, 'Ada Lovelace');
  await expectNoAxeViolations(administrator);

  // 4. The chosen beneficiary sees the chosen memory, read-only — never the one kept for after death.
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByText(gardenTitle)).toBeVisible();
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);
  await beneficiary.goto(`/beneficiary/estate/${estateId}`);
  await expect(beneficiary.getByRole('region', { name: 'Incapacity mode' })).toBeVisible();
  await expect(beneficiary.getByText(gardenTitle).first()).toBeVisible();
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);
  await axeAtBothWidths(beneficiary);
  // read-only: a write is refused by the server
  const write = await beneficiary.request.patch(`/api/v1/memories/${((await created.json()) as { id: string }).id}`, {
    data: { title: 'Changed' },
    headers: { 'x-csrf-token': await csrfToken(beneficiary) },
  });
  expect(write.status()).toBe(403);

  // 5. The owner signs in and confirms "I'm back".
  await owner.goto('/estate-owner');
  const banner = owner.getByRole('region', { name: 'Your estate is in incapacity mode' });
  await expect(banner).toBeVisible();
  await axeAtBothWidths(owner);
  await banner.getByRole('button', { name: 'I’m back' }).click();
  await expect(owner.getByText(/Welcome back\. Incapacity mode has ended/)).toBeVisible();

  // 6. The access is gone at once.
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(gardenTitle)).toHaveCount(0);

  await moveServerClock(baseURL!, -WINDOW_MS);
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
