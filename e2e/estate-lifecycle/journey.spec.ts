import { makePdf } from '../../test/factories/files.ts';
import { adminApi, expect, expectNoAxeViolations, test } from '../fixtures.ts';
import { moveServerClock, signInAgain } from '../safeguards/clock.ts';
import { createFamily } from './family.ts';

/**
 * The heart of the product, in the browser: a beneficiary reports a passing with a PDF; the estate
 * administrator opens it in the preview frame and approves it, then activates the estate; the
 * beneficiary then reads the memory kept for after activation and the letter delivered to them.
 * It uses a family of its own: activation is final, and the demo family must stay in planning.
 */
test('from a report of death to a beneficiary reading released content', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);

  // Before anything is reported, the memory kept for later is not to be seen.
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);

  // 1. The beneficiary reports the passing from the estate page, with the death certificate.
  const reportable = (await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] };
  const estateId = reportable.items[0]!.estateId;
  await beneficiary.goto(`/beneficiary/estate/${estateId}`);
  await beneficiary.getByRole('button', { name: 'Report a passing' }).click();
  const dialog = beneficiary.getByRole('dialog', { name: 'Report a passing' });
  await dialog.getByLabel('Death Certificate').setInputFiles({ name: 'death-certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('Certificate of Death — Ada Lovelace', ['Date of death: 2026-11-20']) });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = beneficiary.getByRole('dialog', { name: 'Report sent' });
  await expect(sent.getByText('Death Certificate: death-certificate.pdf')).toBeVisible();
  await sent.getByRole('button', { name: 'Close' }).last().click();
  await expect(beneficiary.getByText('A report is being verified')).toBeVisible();

  // The owner is told, with a way to cancel (not used here).
  await owner.goto('/estate-owner');
  await expect(owner.getByRole('button', { name: 'Cancel this report' })).toBeVisible();

  // 2. The estate administrator opens the proof in the preview frame and approves it.
  await administrator.goto(`/estate-administrator/verifications?estateId=${estateId}`);
  await expect(administrator.getByRole('heading', { level: 1, name: 'Document Verifications' })).toBeVisible();
  await administrator.getByRole('button', { name: /^View Death Certificate, Ada Lovelace/ }).first().click();
  const preview = administrator.getByRole('dialog', { name: /Death Certificate — Ada Lovelace/ });
  const frame = preview.locator('iframe');
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  expect(src).toMatch(/^\/api\/v1\/verification-files\/[0-9a-f-]+\?exp=\d+&sig=/);
  const served = await administrator.request.get(src!);
  expect(served.status()).toBe(200);
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toHaveCount(0);
  await administrator.getByRole('button', { name: /^Approve Death Certificate, Ada Lovelace/ }).first().click();
  await administrator.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(administrator.getByRole('button', { name: /^Approve Death Certificate, Ada Lovelace/ })).toHaveCount(0);

  // 3. … and, once the owner's veto window (7 days by default, issue 13) has run out, activates the estate.
  const WINDOW_MS = 7 * 24 * 60 * 60_000 + 60_000;
  await moveServerClock(baseURL!, WINDOW_MS);
  // Put the clock back whatever happens: the specs after this one run on the same server.
  try {
    await signInAgain(administrator, family.administrator);
    await signInAgain(beneficiary, family.beneficiary);
    await administrator.goto(`/estate-administrator/estates/${estateId}`);
    await expect(administrator.getByRole('heading', { level: 1, name: /Ada Lovelace/ })).toBeVisible();
    await expectNoAxeViolations(administrator);
    await administrator.getByRole('button', { name: 'Update Status' }).click();
    await administrator.getByRole('menuitem', { name: /Activate/ }).click();
    await administrator.getByRole('dialog', { name: 'Activate this estate?' }).getByRole('button', { name: 'Activate' }).click();
    // The confirmation says so only once the server answered: the letters below are scheduled by that answer.
    await expect(administrator.getByText(/the estate is now Active\./)).toBeVisible();

    // Letters "0 days after activation" are delivered by the next scheduler run (the admin may run it now).
    const admin = await adminApi(baseURL!);
    await admin.post('/api/v1/test/clock', { advanceMs: 0 });
    await admin.request.dispose();

    // 4. The beneficiary reads what was kept for this moment.
    await beneficiary.goto('/beneficiary/memories');
    await expect(beneficiary.getByText(family.memoryTitle)).toBeVisible();
    await beneficiary.goto('/beneficiary/messages');
    await expect(beneficiary.getByText(family.letterSubject).first()).toBeVisible();
    await expectNoAxeViolations(beneficiary);
  } finally {
    await moveServerClock(baseURL!, -WINDOW_MS);
  }
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
