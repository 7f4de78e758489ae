import fs from 'node:fs';
import { axeAtBothWidths, csrfToken, expect, signUpThroughApi, test } from '../fixtures.ts';
import { trusteeOf } from '../safeguards/trustees.ts';

/**
 * Issue 27, the seal's set-up in the browser: a fresh owner with two trustees (both must open) makes
 * the seal on Sealing, saves the three kits as files, finishes; what reached the server holds no
 * kit's words; a trustee confirms storing their kit with the last four characters printed on it
 * (a wrong four first), and the owner sees who has and who has not. A digital asset's password is
 * sealed in the browser; after a trustee is replaced with the Owner Kit, the new Owner Kit opens it.
 */
test('the owner makes a seal and saves the kits; a trustee confirms storing theirs', async ({ page, browser, baseURL }) => {
  const stamp = Date.now();
  await signUpThroughApi(page, baseURL!, { name: 'Grace Hopper', email: `grace.hopper.${stamp}@example.com`, password: 'a long and memorable passphrase' });
  const trustees = [await trusteeOf(browser, page, baseURL!, 'Ann', stamp), await trusteeOf(browser, page, baseURL!, 'Ben', stamp)];
  const candidates = ((await (await page.request.get('/api/v1/release-safeguards')).json()) as { candidates: { userId: string; name: string }[] }).candidates;
  const ids = trustees.map((t) => candidates.find((c) => c.name === t.name)!.userId);
  const headers = { 'x-csrf-token': await csrfToken(page) };
  expect((await page.request.put('/api/v1/release-safeguards/trustees', { data: { userIds: ids }, headers })).status()).toBe(200);
  expect((await page.request.patch('/api/v1/release-safeguards/rules', { data: { quorumRequired: 2 }, headers })).status()).toBe(200);

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/estate-seal')) sent.push(request.postData() ?? '');
  });
  await page.goto('/estate-owner/seal');
  await expect(page.getByRole('heading', { level: 1, name: 'Sealing' })).toBeVisible();
  await expect(page.getByText('one for each of your trustees: Ann Trustee and Ben Trustee. Both of them together can open what you seal', { exact: false })).toBeVisible();
  await expect(page.getByText(/Heirloom keeps the key they rebuilt/)).toBeVisible();
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Make my seal and kits' }).click();
  const finish = page.getByRole('button', { name: 'Finish: keep my seal' });
  await expect(finish).toBeDisabled();
  const kits: Record<string, string> = {};
  for (const who of ['your Owner Kit', 'the kit for Ann Trustee', 'the kit for Ben Trustee']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Save as a file: ${who}` }).click()]);
    kits[who] = fs.readFileSync((await download.path())!, 'utf8');
  }
  expect(kits['the kit for Ann Trustee']).toContain('Kit 1 of 2 for what Grace Hopper sealed');
  // the kit says that a Legacy Capsule exists and who has it
  expect(kits['the kit for Ann Trustee']).toContain('Grace Hopper gives a copy to each trustee (Ann Trustee and Ben Trustee)');
  expect(kits['your Owner Kit']).toContain('Owner Kit — Grace Hopper');
  await page.getByRole('checkbox', { name: /I have printed or saved every kit/ }).check();
  await axeAtBothWidths(page);
  await finish.click();
  await expect(page.getByRole('heading', { name: 'Your seal' })).toBeVisible();
  await expect(page.getByText('Kit 1 of 2 — Ann Trustee')).toBeVisible();
  await expect(page.getByText(/2 trustees have not yet confirmed storing their kit/)).toBeVisible();
  await axeAtBothWidths(page);

  // the kits' words stayed in this browser
  const code = (html: string) => /The code<\/p><p[^>]*>([0-9A-Z ]+)</.exec(html)![1]!;
  expect(sent).toHaveLength(1);
  for (const html of Object.values(kits)) expect(sent[0]).not.toContain(code(html).replace(/ /g, ''));

  const ann = trustees[0]!.page;
  await ann.goto('/trustee');
  await expect(ann.getByRole('heading', { name: "Grace Hopper's Emergency Kit (1 of 2)" })).toBeVisible();
  await ann.getByLabel('Last four characters of the code').fill('ZZZZ' === code(kits['the kit for Ann Trustee']).slice(-4) ? 'YYYY' : 'ZZZZ');
  await ann.getByRole('button', { name: 'I have stored my kit' }).click();
  await expect(ann.getByRole('alert')).toContainText('do not match your kit');
  await ann.getByLabel('Last four characters of the code').fill(code(kits['the kit for Ann Trustee']).slice(-4).toLowerCase());
  await ann.getByRole('button', { name: 'I have stored my kit' }).click();
  await expect(ann.getByText(/You confirmed on .* that you have stored it/)).toBeVisible();
  await axeAtBothWidths(ann);

  await page.reload();
  await expect(page.getByText(/One trustee has not yet confirmed/)).toBeVisible();
  await expect(page.getByText(/stored, confirmed on/)).toHaveCount(1);

  // A digital asset's secrets sealed in the browser: the server holds no password, and cannot reveal it.
  const password = `hunter2-${stamp}`;
  const assetRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/digital-assets') && r.method() === 'POST' && assetRequests.push(r.postData() ?? ''));
  await page.goto('/estate-owner/digital-assets');
  await page.getByRole('button', { name: 'Add Digital Asset' }).first().click();
  const assetDialog = page.getByRole('dialog', { name: 'Add Digital Asset' });
  await assetDialog.getByLabel('Name', { exact: true }).fill('Savings bank');
  await assetDialog.getByLabel('Password').fill(password);
  await assetDialog.getByRole('checkbox', { name: /Seal these secrets/ }).check();
  await axeAtBothWidths(page);
  await assetDialog.getByRole('button', { name: 'Add asset' }).click();
  await expect(page.getByText('Secrets sealed')).toBeVisible();
  expect(assetRequests.join('')).toContain('BEGIN AGE ENCRYPTED FILE');
  expect(assetRequests.join('')).not.toContain(password);

  // Ben is replaced by Cara with the Owner Kit: new kits; Ben's old kit is gone from his page.
  const cara = await trusteeOf(browser, page, baseURL!, 'Cara', stamp);
  await page.goto('/estate-owner/seal');
  await page.getByRole('button', { name: 'Change who holds the kits' }).click();
  await page.getByLabel('Add a trustee').selectOption({ label: 'Cara Trustee' });
  await page.getByRole('button', { name: 'Remove Ben Trustee' }).click();
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Open with my Owner Kit and make new kits' }).click();
  const ownerKitFile = test.info().outputPath('owner-kit.html');
  fs.writeFileSync(ownerKitFile, kits['your Owner Kit']!);
  await page.getByLabel('Or choose the Owner Kit file you saved').setInputFiles(ownerKitFile);
  await page.getByRole('dialog', { name: 'Open with your Owner Kit' }).getByRole('button', { name: 'Open' }).click();
  const newOwnerKit = test.info().outputPath('new-owner-kit.html');
  for (const who of ['your Owner Kit', 'the kit for Ann Trustee', 'the kit for Cara Trustee']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Save as a file: ${who}` }).click()]);
    if (who === 'your Owner Kit') fs.copyFileSync((await download.path())!, newOwnerKit);
  }
  await page.getByRole('checkbox', { name: /I have printed or saved every kit/ }).check();
  await page.getByRole('button', { name: 'Finish: replace my seal' }).click();
  await expect(page.getByText('Kit 2 of 2 — Cara Trustee')).toBeVisible();
  await expect(page.getByText(/2 trustees have not yet confirmed storing their kit/)).toBeVisible();
  const ben = trustees[1]!.page;
  await ben.goto('/trustee');
  await expect(ben.getByRole('heading', { level: 1, name: 'Reports to confirm' })).toBeVisible();
  await expect(ben.getByRole('heading', { name: /Emergency Kit/ })).toHaveCount(0);
  await cara.page.goto('/trustee');
  await expect(cara.page.getByRole('heading', { name: "Grace Hopper's Emergency Kit (2 of 2)" })).toBeVisible();

  // the sealed password was sealed again to the new seal: the new Owner Kit opens it, in this browser
  await page.goto('/estate-owner/digital-assets');
  await page.getByRole('button', { name: 'Open secrets with my Owner Kit: Savings bank' }).click();
  await page.getByLabel('Or choose the Owner Kit file you saved').setInputFiles(newOwnerKit);
  await page.getByRole('dialog', { name: 'Open with your Owner Kit' }).getByRole('button', { name: 'Open' }).click();
  const secrets = page.getByRole('dialog', { name: 'Secrets for Savings bank' });
  await secrets.getByRole('button', { name: 'Show password' }).click();
  await expect(secrets.getByText(password)).toBeVisible();
  await expect(secrets.getByText('Opened in this browser with your Owner Kit.')).toBeVisible();
});
