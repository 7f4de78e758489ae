import type { APIRequestContext, Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { axeAtBothWidths, csrfToken, expect, mailTo, test } from '../fixtures.ts';
import { createFamily } from '../estate-lifecycle/family.ts';
import { moveServerClock, signInAgain } from './clock.ts';
import { trusteeOf } from './trustees.ts';

/**
 * Issue 13 (release safeguards), in the browser: a fresh family names three trustees (2 of 3 must
 * confirm, a 1-day veto window) on Account Settings; a report is made; two trustees confirm on their
 * page; the owner cancels from the emailed link and nothing is released. Then a new report, the
 * quorum, the administrator approves; activation is refused until the window ends, the clock moves
 * past it, activation succeeds and the beneficiary sees the released memory. The clock is put back.
 */
const DAY_MS = 24 * 60 * 60_000;

async function call(request: APIRequestContext, page: Page, method: 'get' | 'post', url: string, data?: unknown) {
  const res = method === 'get' ? await request.get(url) : await request.post(url, { data: (data ?? {}) as object, headers: { 'x-csrf-token': await csrfToken(page) } });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function reportDeath(reporter: Page, estateId: string): Promise<string> {
  const res = await reporter.request.post(`/api/v1/estates/${estateId}/reports`, {
    multipart: {
      data: JSON.stringify({ event: 'death', relationship: 'Child' }),
      death_certificate: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('Certificate of Death — Ada Lovelace') },
    },
    headers: { 'x-csrf-token': await csrfToken(reporter) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function confirmInBrowser(trustee: Page) {
  await trustee.goto('/trustee');
  await expect(trustee.getByRole('heading', { level: 1, name: 'Reports to confirm' })).toBeVisible();
  await expect(trustee.getByText(/Nothing can be released before/).first()).toBeVisible();
  await trustee.getByRole('button', { name: /^Confirm the report about Ada Lovelace/ }).click();
  await expect(trustee.getByText('You confirmed this report.')).toBeVisible();
}

test('trustees confirm, the owner vetoes from the email; then quorum, the window, activation', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const trustees = [await trusteeOf(browser, owner, baseURL!, 'Ann', stamp), await trusteeOf(browser, owner, baseURL!, 'Ben', stamp), await trusteeOf(browser, owner, baseURL!, 'Cara', stamp)];
  const estateId = ((await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] }).items[0]!.estateId;

  // The owner names the three trustees in order, 2 of 3, and a 1-day waiting period.
  await owner.goto('/estate-owner/settings');
  const card = owner.getByRole('region', { name: 'Release Safeguards' });
  for (const t of trustees) {
    await card.getByLabel('Add a trustee').selectOption({ label: `${t.name} (Friend)` });
    await card.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await card.getByRole('button', { name: `Move ${trustees[2]!.name} up` }).click();
  await card.getByRole('button', { name: `Move ${trustees[2]!.name} down` }).click();
  // Issue 24: choosing a rule before saving neither saves it alone nor drops the unsaved trustees.
  await card.getByLabel('Time each trustee has to answer').selectOption('48');
  await expect(card.getByRole('listitem')).toHaveText(trustees.map((t) => new RegExp(t.name)));
  await card.getByLabel('Trustees who must confirm').selectOption('2');
  await card.getByLabel('Waiting period to cancel a report').selectOption('1');
  await axeAtBothWidths(owner);
  await card.getByRole('button', { name: 'Save safeguards' }).click();
  await expect(card.getByText('Your safeguards were saved.')).toBeVisible();
  await owner.reload();
  await expect(card.getByRole('listitem')).toHaveText(trustees.map((t) => new RegExp(t.name)));
  await expect(card.getByLabel('Trustees who must confirm')).toHaveValue('2');
  await expect(card.getByLabel('Time each trustee has to answer')).toHaveValue('48');
  await expect(card.getByLabel('Waiting period to cancel a report')).toHaveValue('1');
  expect((await mailTo(baseURL!, trustees[0]!.email)).some((m) => /named you a trustee/.test(m.subject))).toBe(true);

  // 1. A report; two of the three trustees confirm in the browser.
  await reportDeath(beneficiary, estateId);
  await confirmInBrowser(trustees[0]!.page);
  await axeAtBothWidths(trustees[0]!.page);
  await confirmInBrowser(trustees[1]!.page);

  // The owner cancels from the emailed link, not signed in; nothing is released.
  const reminder = (await mailTo(baseURL!, family.ownerEmail)).find((m) => /is waiting — cancel it/.test(m.subject));
  const link = /https?:\/\/\S+\/cancel-report#[\w-]+/.exec(reminder!.text)![0];
  const anonymous = await (await browser.newContext()).newPage();
  const url = new URL(link);
  await anonymous.goto(`${url.pathname}${url.hash}`);
  await expect(anonymous.getByText(/reported the passing of/)).toBeVisible();
  await axeAtBothWidths(anonymous);
  await anonymous.getByRole('button', { name: 'Cancel this report' }).click();
  await expect(anonymous.getByRole('heading', { name: 'The report was cancelled' })).toBeVisible();
  await anonymous.reload();
  await expect(anonymous.getByText(/not valid, has expired or was already used/)).toBeVisible();
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);

  // 2. A new report; the quorum; the administrator approves; activation waits for the window.
  const reportId = await reportDeath(beneficiary, estateId);
  for (const t of trustees.slice(0, 2)) expect((await call(t.page.request, t.page, 'post', `/api/v1/trustee/reports/${reportId}/answer`, { answer: 'confirm' })).status).toBe(200);
  const pending = await call(administrator.request, administrator, 'get', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`);
  const itemId = (pending.body.items as { id: string }[])[0]!.id;
  expect((await call(administrator.request, administrator, 'post', `/api/v1/estate-admin/verifications/${itemId}/approve`)).status).toBe(200);
  const early = await call(administrator.request, administrator, 'post', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
  expect(early.status).toBe(409);
  await administrator.goto(`/estate-administrator/estates/${estateId}`);
  await expect(administrator.getByText(/Nothing can be released before/).first()).toBeVisible({ timeout: 30_000 });
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);

  const moved = DAY_MS + 60_000;
  await moveServerClock(baseURL!, moved);
  try {
    await signInAgain(administrator, family.administrator);
    await signInAgain(beneficiary, family.beneficiary);
    const activated = await call(administrator.request, administrator, 'post', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await beneficiary.goto('/beneficiary/memories');
    await expect(beneficiary.getByText(family.memoryTitle)).toBeVisible();
  } finally {
    await moveServerClock(baseURL!, -moved);
  }
});
