import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { makeTextPdf } from '../../test/factories/document-files.ts';
import { makeDocx } from '../../test/factories/files.ts';
import { expect, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';

async function signUpNewOwner(page: Page, name: string): Promise<void> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name, email, password: 'a-long-enough-password' });
}

const rows = (page: Page) => page.getByRole('list', { name: 'Documents' }).getByRole('listitem');

test('an owner finds a word inside a PDF, sees the snippet, replaces the file and downloads the old version', async ({ page }) => {
  // The text is read by the background poller a moment after the upload.
  test.setTimeout(120_000);
  await signUpNewOwner(page, 'Ada Search');
  const pdf = await makeTextPdf('Notes for my family', ['The spare key to the boathouse is under the blue heron statue by the pond.']);

  await page.goto('/estate-owner/documents');
  await page.getByRole('button', { name: 'Upload Document' }).first().click();
  const upload = page.getByRole('dialog');
  await upload.getByLabel('File').setInputFiles({ name: 'garden-notes.pdf', mimeType: 'application/pdf', buffer: pdf });
  await upload.getByLabel('Title').fill('Garden notes');
  await upload.getByLabel('Type').selectOption({ label: 'Personal Document' });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded “Garden notes”.')).toBeVisible();

  // "heron" is only in the PDF's text. Its text is read by a background job just after the upload:
  // search again until it has run.
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  const snippet = rows(page).filter({ hasText: 'Garden notes' }).getByTestId('search-snippet');
  await expect(async () => {
    await search.fill('heron');
    await search.press('Enter');
    await expect(snippet).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(snippet.locator('mark')).toHaveText(['heron']);
  await expect(snippet).toContainText('under the blue heron statue');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/b-snippet-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/b-snippet-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Replace File: a DOCX becomes version 2; version 1 stays listed and downloads the original PDF.
  await rows(page).filter({ hasText: 'Garden notes' }).getByRole('button', { name: 'Versions of Garden notes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(1);
  await dialog.getByLabel('Replace File').setInputFiles({
    name: 'garden-notes-2026.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: makeDocx(['The boathouse key now hangs in the kitchen.']),
  });
  await dialog.getByRole('button', { name: 'Upload new version' }).click();
  await expect(dialog.getByText('Uploaded version 2. The previous file is kept below.')).toBeVisible();
  const versions = dialog.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2');
  await expect(versions.nth(0)).toContainText('Current');
  await expect(versions.nth(0)).toContainText('garden-notes-2026.docx');
  await expect(versions.nth(1)).toContainText('Version 1');
  await expect(versions.nth(1)).toContainText('garden-notes.pdf');
  await expectNoAxeViolations(page);

  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download version 1' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe('garden-notes.pdf');
  expect(fs.readFileSync(await download.path()).equals(pdf)).toBe(true);

  // The current version cannot be deleted; an earlier one can.
  await expect(dialog.getByRole('button', { name: 'Delete version 2' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/b-versions-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/b-versions-1280.png' });
  await dialog.getByRole('button', { name: 'Delete version 1' }).click();
  await dialog.getByRole('button', { name: 'Delete version', exact: true }).click();
  await expect(dialog.getByText('Deleted version 1.')).toBeVisible();
  await expect(versions).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await search.fill('Garden');
  await search.press('Enter');
  await expect(rows(page).filter({ hasText: 'Garden notes' })).toContainText('Version 2');
  await page.screenshot({ path: '/tmp/b-list-1280.png' });
});
