import fs from 'node:fs';
import yauzl from 'yauzl';
import { DEMO_PASSWORD, personaFor } from '../../src/core/personas.ts';
import { expect, expectNoAxeViolations, mailTo, test } from '../fixtures.ts';


/** The names of the entries of a zip file on disk. */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('export my legacy from Settings: refused with a wrong password, progress, ready, one download with index.html, a used link says so', async ({ page, login, baseURL, browser }) => {
  test.setTimeout(180_000);
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible({ timeout: 20_000 });
  const card = page.getByRole('region', { name: 'Export My Legacy' });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);

  // Secrets need the password: a wrong one starts nothing.
  await card.getByLabel('Include passwords and other secrets').check();
  await card.getByLabel('Your password').fill('not my password');
  await card.getByRole('button', { name: 'Export My Legacy' }).click();
  await expect(card.getByText('That password is not right').first()).toBeVisible();
  await expect(card.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await card.getByLabel('Include passwords and other secrets').uncheck();

  await card.getByRole('button', { name: 'Export My Legacy' }).click();
  // Progress first (queued or packing), then ready.
  await expect(card.getByText(/Getting ready to pack your legacy|Packing \d+ of \d+ files?|Your archive is ready/)).toBeVisible();
  await expect(card.getByText(/Your archive is ready \(.+, without secrets\)/)).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);

  // Phone width: nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Download Archive' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download Archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^heirloom-legacy-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = test.info().outputPath('legacy.zip');
  await download.saveAs(file);
  const names = await zipEntries(file);
  expect(names).toContain('index.html');
  expect(names).toContain('data/memories.json');
  expect(names).toContain('data/audit-log.json');
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
  await expect(card.getByText('Your last archive was downloaded and then deleted')).toBeVisible({ timeout: 10_000 });

  // The emailed link was replaced by the one just used: it is not valid any more, and says so.
  const owner = personaFor('estate-owner')!.sampleUser.email;
  const mail = (await mailTo(baseURL!, owner)).find((m) => m.kind === 'legacy-export-ready');
  const link = mail && /https?:\/\/\S+\/estate-owner\/export#[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the ready email carries a link').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download Your Legacy Archive' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText('This download link is not valid, has expired or was already used', { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Go to Settings to start a new export' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Issue 24: opened signed out, the link goes through sign-in and comes back with its token.
  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(`${url.pathname}${url.hash}`);
  await signedOut.getByLabel('Email address').fill(owner);
  await signedOut.getByLabel('Password').fill(DEMO_PASSWORD);
  await signedOut.getByRole('button', { name: 'Sign in' }).click();
  await expect(signedOut.getByRole('alert')).toContainText('This download link is not valid', { timeout: 20_000 });
  await signedOut.context().close();
});
