import fs from 'node:fs';
import sharp from 'sharp';
import { DIGITAL_ASSETS_EMPTY_TEXT } from '../../src/core/constants.ts';
import { makeExe, makePdf } from '../../test/factories/files.ts';
import { expect, expectNoAxeViolations, signUpThroughApi, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

/** A brand-new estate owner, signed in through the API (their vault starts empty). */
async function signUpNewOwner(page: Page, name: string): Promise<void> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await signUpThroughApi(page, test.info().project.use.baseURL!, { name, email, password: 'a-long-enough-password' });
}

const count = (page: Page, category: string) =>
  page.getByRole('navigation', { name: 'Document categories' }).getByRole('button', { name: new RegExp(`^${category}\\s*\\d+$`) });

test('the demo owner’s vault shows the wireframe’s figures and every screen is axe-clean', async ({ page, login }) => {
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/documents');
  await expect(count(page, 'All Documents')).toHaveText(/12$/);
  await expect(count(page, 'Legal')).toHaveText(/5$/);
  await expect(count(page, 'Financial')).toHaveText(/4$/);
  await expect(count(page, 'Personal')).toHaveText(/3$/);
  await expectNoAxeViolations(page);
  await count(page, 'Legal').click();
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(5);

  await page.goto('/estate-owner/digital-assets');
  await expect(page.getByRole('list', { name: 'Digital assets' }).getByRole('listitem')).toHaveCount(8);
  await expectNoAxeViolations(page);

  await page.goto('/estate-owner/memories');
  const cards = page.getByRole('list', { name: 'Memories' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // the preview images are real, decodable photos (they load lazily, as they scroll into view)
  const images = page.locator('ul[aria-label="Memories"] img');
  expect(await images.count()).toBeGreaterThanOrEqual(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoAxeViolations(page);
  // Filter by type
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Type').selectOption({ label: 'Audio Recording' });
  await expect(page).toHaveURL(/type=audio/);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText('Hush, little one: Emily’s lullaby');
});

test('a new owner creates a memory with a photo and a story; it is there after a reload', async ({ page }) => {
  await signUpNewOwner(page, 'Ada Memory');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0ea5e9' } }).jpeg().toBuffer();

  await page.goto('/estate-owner/memories/create');
  await page.getByLabel('Title', { exact: true }).fill('Christmas at Grandma’s, 1988');
  await page.getByLabel('Date').fill('1988-12-25');
  await page.getByLabel('Description').fill('Snow on the porch and the whole family in one small kitchen.');

  // nothing chosen → Photo → a file chosen → back to nothing chosen
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  await page.getByLabel('Choose photos').setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: photo });
  const media = page.getByRole('list', { name: 'Media in this memory' });
  await expect(media.getByText('kitchen.jpg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Story', exact: true })).toBeVisible();

  // Cancel returns to nothing chosen
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await expect(page.getByLabel('Choose a video')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Choose a video')).toHaveCount(0);

  // a story needs its text
  await page.getByRole('button', { name: 'Story', exact: true }).click();
  await page.getByLabel('Story title').fill('The Christmas pudding');
  await page.getByRole('button', { name: 'Add Story' }).click();
  await expect(page.getByText('Write the story first')).toBeVisible();
  await page.getByLabel('Story', { exact: true }).fill('Grandpa set the pudding alight and the smoke alarm joined in the carols.');
  await page.getByRole('button', { name: 'Add Story' }).click();
  await expect(media.getByText('The Christmas pudding')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save Memory' }).click();
  await expect(page).toHaveURL(/\/estate-owner\/memories\?created=/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Christmas at Grandma’s, 1988”.' })).toBeVisible();

  await page.reload();
  // found by full-text search over the story's text
  await page.getByRole('searchbox', { name: 'Search memories' }).fill('smoke alarm');
  const card = page.getByRole('list', { name: 'Memories' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Christmas at Grandma’s, 1988' })).toBeVisible();
  await expect(card.getByText('Photo Album')).toBeVisible();
  await expect.poll(() => card.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // Add Note
  await card.getByRole('button', { name: /^Add Note/ }).click();
  await page.getByRole('dialog').getByLabel('Note').fill('Mum still has the scorched tea towel.');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Note' }).click();
  await expect(card.getByText('Mum still has the scorched tea towel.')).toBeVisible();
});

test('a new owner uploads a PDF and downloads the same bytes; a renamed .exe is refused with a clear message', async ({ page }) => {
  await signUpNewOwner(page, 'Ada Documents');
  const pdf = makePdf('Home insurance policy', ['Policy HX-2231, renewed every March.']);

  await page.goto('/estate-owner/documents');
  await expect(count(page, 'All Documents')).toHaveText(/0$/);
  await page.getByRole('button', { name: 'Upload Document' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('PDF, DOC, DOCX up to 10MB')).toBeVisible();
  await dialog.getByLabel('File').setInputFiles({ name: 'home-insurance.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByLabel('Title').fill('Home insurance policy');
  await dialog.getByLabel('Type').selectOption({ label: 'Financial Record' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded “Home insurance policy”.')).toBeVisible();
  await expect(count(page, 'All Documents')).toHaveText(/1$/);
  await expect(count(page, 'Financial')).toHaveText(/1$/);

  const row = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Home insurance policy' });
  await expect(row.getByText('PDF', { exact: true })).toBeVisible();
  const downloadEvent = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download Home insurance policy' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe('home-insurance.pdf');
  expect(fs.readFileSync(await download.path()).equals(pdf)).toBe(true);

  // Preview shows the PDF inline
  await row.getByRole('button', { name: 'Preview Home insurance policy' }).click();
  const frame = page.getByTitle('Preview of Home insurance policy');
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  const inline = await page.request.get(src!);
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(/^inline;/);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

  // A Windows program is refused, by content, with the message shown
  await page.getByRole('button', { name: 'Upload Document' }).first().click();
  await dialog.getByLabel('File').setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: makeExe() });
  await dialog.getByLabel('Title').fill('Totally a document');
  await dialog.getByLabel('Type').selectOption({ label: 'Other' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Only PDF, DOC and DOCX files up to 10 MB can be uploaded. This file is a Windows program.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(count(page, 'All Documents')).toHaveText(/1$/);
});

test('a new owner starts with no digital assets, adds one and reveals its secret on request', async ({ page }) => {
  await signUpNewOwner(page, 'Ada Assets');
  await page.goto('/estate-owner/digital-assets');
  await expect(page.getByText(DIGITAL_ASSETS_EMPTY_TEXT, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add Digital Asset' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Gmail');
  await dialog.getByLabel(/^Username/).fill('ada@example.com');
  await dialog.getByLabel(/^Password/).fill('correct horse battery staple');
  await dialog.getByRole('button', { name: 'Add asset' }).click();
  const card = page.getByRole('list', { name: 'Digital assets' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('ada@example.com')).toBeVisible();
  await expect(page.getByText('correct horse battery staple')).toHaveCount(0);

  // the reveal asks for the password first ("Confirm it's you"), then shows the secret masked until Show
  await card.getByRole('button', { name: 'Reveal secrets for Gmail' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByLabel('Password').fill('a-long-enough-password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const secrets = page.getByRole('dialog', { name: 'Secrets for Gmail' });
  await secrets.getByRole('button', { name: 'Show password' }).click();
  await expect(secrets.getByText('correct horse battery staple')).toBeVisible();
});
