import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { adminApi, axeAtBothWidths, csrfToken, expect, test } from '../fixtures.ts';
import { activateThroughApi, PAST_VETO_WINDOW_MS } from '../estate-lifecycle/activate.ts';
import { createFamily } from '../estate-lifecycle/family.ts';
import { moveServerClock } from './clock.ts';

/**
 * The tamper-evident record (issue 13 item 5, ADR 0045), in the browser: the admin verifies the audit
 * record and reads that it is intact; a fresh family's estate is activated; the beneficiary downloads
 * a released document and the activation snapshot, and "Check a file" says the document matches.
 */

/** The owner uploads a PDF and shares it with everyone, released now. */
async function uploadSharedDocument(owner: Page, title: string, pdf: Buffer): Promise<void> {
  const boundary = `----e2e-doc${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nlegal\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="instructions.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const token = await csrfToken(owner);
  const created = await owner.request.post('/api/v1/documents', { data: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': token } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const shared = await owner.request.put(`/api/v1/documents/${id}/share`, { data: { all: true, release: 'now' }, headers: { 'x-csrf-token': token } });
  expect(shared.status(), await shared.text()).toBe(200);
}

test('the admin verifies the audit record; a beneficiary checks a released file against the activation snapshot', async ({ browser, baseURL, page, login }) => {
  test.setTimeout(180_000);

  // 1. The admin verifies the audit record on Logs.
  await login({ role: 'admin' });
  await page.goto('/admin/logs');
  await page.getByRole('button', { name: 'Verify audit record' }).click();
  await expect(page.getByText(/^The audit record is intact: \d+ entries in \d+ chains checked\./)).toBeVisible({ timeout: 60_000 });
  await axeAtBothWidths(page);

  // 2. A family of its own, with a document released to the beneficiary; the estate is activated.
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const title = `Funeral wishes ${Date.now()}`;
  await uploadSharedDocument(owner, title, makePdf(title, ['Music: Clair de lune']));
  const reportable = (await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] };
  const estateId = reportable.items[0]!.estateId;
  await activateThroughApi(baseURL!, { beneficiary, beneficiaryLogin: family.beneficiary, administrator, administratorLogin: family.administrator }, estateId);

  // 3. The beneficiary downloads the document and the snapshot from the estate page …
  await beneficiary.goto(`/beneficiary/estate/${estateId}`);
  await expect(beneficiary.getByRole('heading', { name: 'Record of what was released' })).toBeVisible({ timeout: 30_000 });
  const [manifestDownload] = await Promise.all([beneficiary.waitForEvent('download'), beneficiary.getByRole('link', { name: 'Download the record' }).click()]);
  const manifest = JSON.parse(fs.readFileSync((await manifestDownload.path())!, 'utf8')) as { items: { title: string }[] };
  expect(manifest.items.map((i) => i.title)).toContain(title);
  const row = beneficiary.getByRole('listitem').filter({ hasText: title });
  const [documentDownload] = await Promise.all([beneficiary.waitForEvent('download'), row.getByRole('link', { name: 'Download' }).click()]);
  const downloaded = (await documentDownload.path())!;

  // … and "Check a file" says it matches (and a file that was not released matches nothing).
  await beneficiary.getByLabel('Check a file').setInputFiles({ name: 'instructions.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(downloaded) });
  await expect(beneficiary.getByText(`instructions.pdf matches the document “${title}” in the record`)).toBeVisible();
  await beneficiary.getByLabel('Check a file').setInputFiles({ name: 'other.pdf', mimeType: 'application/pdf', buffer: makePdf('Something else') });
  await expect(beneficiary.getByText('other.pdf matches none of the files in the record')).toBeVisible();
  await axeAtBothWidths(beneficiary);

  // The admin's check still finds the record intact, the activation's snapshot hash included.
  const admin = await adminApi(baseURL!);
  const verdict = (await admin.post('/api/v1/admin/logs/verify', {})) as { intact: boolean; message: string };
  expect(verdict.intact, verdict.message).toBe(true);
  await admin.request.dispose();
  await moveServerClock(baseURL!, -PAST_VETO_WINDOW_MS);
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
