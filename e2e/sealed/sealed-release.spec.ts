import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { adminApi, axeAtBothWidths, csrfToken, expect, test } from '../fixtures.ts';
import { createFamily } from '../estate-lifecycle/family.ts';
import { moveServerClock, signInAgain } from '../safeguards/clock.ts';
import { trusteeOf } from '../safeguards/trustees.ts';
import { makePdf, makePhoto } from '../../test/factories/files.ts';
import { readStoredZip } from '../../src/capsule/stored-zip.ts';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Issue 27, proof 3: the owner makes a seal for three trustees (any two open it), saves the kits and
 * prints each to PDF (one page that carries its code), and seals a letter,
 * a document, a memory's story and a photo in the browser; the server never receives their words. Before activation a kit is
 * refused and their reader can read neither; after activation one trustee types their kit, another
 * gives a photo of its QR code, and the reader reads the letter and downloads the document
 * byte-identical. Proof 4's browser half follows: the capsule opens both from disk, offline.
 */
const DAY_MS = 24 * 60 * 60_000;

async function api(page: Page, method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown) {
  const res = await page.request[method](url, { ...(method === 'get' ? {} : { data: (data ?? {}) as object, headers: { 'x-csrf-token': await csrfToken(page) } }) });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A photo of a saved kit: the kit file opened in a browser and its QR code's region captured. */
async function photoOfKit(browser: Browser, kitFile: string): Promise<Buffer> {
  const page = await (await browser.newContext({ viewport: { width: 900, height: 900 } })).newPage();
  await page.goto(`file://${kitFile}`);
  const shot = await page.getByRole('img', { name: 'The same code as a QR code' }).screenshot();
  await page.context().close();
  return shot;
}

test('a sealed letter, document, story and photo open only after activation, with two trustees’ kits, one typed and one photographed', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext({ acceptDownloads: true }), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const trustees = [await trusteeOf(browser, owner, baseURL!, 'Ann', stamp), await trusteeOf(browser, owner, baseURL!, 'Ben', stamp), await trusteeOf(browser, owner, baseURL!, 'Cara', stamp)];
  const estateId = ((await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] }).items[0]!.estateId;
  const candidates = (await api(owner, 'get', '/api/v1/release-safeguards')).body.candidates as { userId: string; name: string }[];
  expect((await api(owner, 'put', '/api/v1/release-safeguards/trustees', { userIds: trustees.map((t) => candidates.find((c) => c.name === t.name)!.userId) })).status).toBe(200);
  expect((await api(owner, 'patch', '/api/v1/release-safeguards/rules', { quorumRequired: 2, vetoDays: 1 })).status).toBe(200);

  // The seal and its kits, saved as files.
  await owner.goto('/estate-owner/seal');
  await owner.getByRole('button', { name: 'Make my seal and kits' }).click();
  const kitFiles: Record<string, string> = {};
  for (const who of ['your Owner Kit', ...trustees.map((t) => `the kit for ${t.name}`)]) {
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: `Save as a file: ${who}` }).click()]);
    kitFiles[who] = `${(await download.path())!}.html`;
    fs.copyFileSync((await download.path())!, kitFiles[who]!);
  }
  await owner.getByRole('checkbox', { name: /I have printed or saved every kit/ }).check();
  await owner.getByRole('button', { name: 'Finish: keep my seal' }).click();
  await expect(owner.getByRole('heading', { name: 'Your seal' })).toBeVisible();
  const codeOf = (who: string) => /The code<\/p><p[^>]*>([0-9A-Z ]+)</.exec(fs.readFileSync(kitFiles[who]!, 'utf8'))![1]!;
  // Each kit printed to PDF as the browser's "Save as PDF" does: one page that carries the code the trustee will type.
  for (const who of Object.keys(kitFiles)) {
    const print = await (await browser.newContext()).newPage();
    await print.goto(`file://${kitFiles[who]}`);
    const pdf = await print.pdf({ format: 'A4' });
    await print.context().close();
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages, `${who} prints on one page`).toBe(1);
    const { text } = await extractText(document, { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(codeOf(who));
    expect(text).toMatch(who === 'your Owner Kit' ? /Owner Kit/ : /Kit \d of 3/);
  }

  // A letter sealed in the browser: what is sent is an age file, never the words.
  const marker = `Dear Byron, the key is under the blue pot ${stamp}`;
  const sent: string[] = [];
  owner.on('request', (r) => r.url().includes('/api/v1/future-messages') && r.method() !== 'GET' && sent.push(r.postData() ?? ''));
  await owner.goto('/estate-owner/messages');
  await owner.getByRole('button', { name: 'Compose Message' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Compose Message' });
  await dialog.getByLabel('Recipient', { exact: true }).selectOption({ label: 'Byron King (Child)' });
  await dialog.getByLabel('Subject', { exact: true }).fill(`Sealed for Byron ${stamp}`);
  await dialog.getByLabel('Message', { exact: true }).fill(marker);
  await dialog.getByRole('checkbox', { name: /Seal this letter/ }).check();
  await expect(dialog.getByRole('radio', { name: /On a date/ })).toBeDisabled();
  await dialog.getByLabel('Days after activation').fill('0');
  await axeAtBothWidths(owner);
  await dialog.getByRole('button', { name: 'Schedule Message' }).click();
  await expect(owner.getByText(`“Sealed for Byron ${stamp}” is scheduled`)).toBeVisible();
  expect(sent.join('')).toContain('BEGIN AGE ENCRYPTED FILE');
  expect(sent.join('')).not.toContain(marker);
  await expect(owner.getByText('Sealed', { exact: true })).toBeVisible();

  // The owner reads it again with the Owner Kit file, in the browser.
  await owner.getByRole('button', { name: `Edit “Sealed for Byron ${stamp}”` }).click();
  await owner.getByRole('button', { name: 'Open with my Owner Kit' }).click();
  await owner.getByLabel('Or choose the Owner Kit file you saved').setInputFiles(kitFiles['your Owner Kit']!);
  await owner.getByRole('dialog', { name: 'Open with your Owner Kit' }).getByRole('button', { name: 'Open' }).click();
  await expect(owner.getByRole('dialog', { name: 'Edit Message' }).getByLabel('Message', { exact: true })).toHaveValue(marker);
  await owner.getByRole('dialog', { name: 'Edit Message' }).getByRole('button', { name: 'Cancel' }).click();

  // A document sealed in the browser: what is sent is an age file, never the PDF.
  const deeds = makePdf(`The deeds to the cottage ${stamp}`);
  await owner.goto('/estate-owner/documents');
  await owner.getByRole('button', { name: 'Upload Document' }).first().click();
  const upload = owner.getByRole('dialog', { name: 'Upload Document' });
  await upload.getByLabel('File', { exact: true }).setInputFiles({ name: 'Cottage deeds.pdf', mimeType: 'application/pdf', buffer: deeds });
  await upload.getByLabel('Type', { exact: true }).selectOption({ label: 'Legal Document' });
  await upload.getByRole('checkbox', { name: /Seal this document/ }).check();
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(owner.getByText('Uploaded “Cottage deeds”.')).toBeVisible();
  // (the server keeps a sealed document only as an age file: anything else is refused, see sealed-documents.test.ts)
  const deedsDoc = ((await api(owner, 'get', '/api/v1/documents?q=Cottage')).body.items as { id: string; sealed: boolean; file: { id: string } }[])[0]!;
  expect(deedsDoc.sealed).toBe(true);
  const held = Buffer.from(await (await owner.request.get(`/api/v1/files/${deedsDoc.file.id}`)).body());
  expect(held.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
  expect(held.includes(Buffer.from(`cottage ${stamp}`))).toBe(false);
  await expect(owner.getByRole('button', { name: 'Preview Cottage deeds' })).toHaveCount(0);
  await axeAtBothWidths(owner);
  // the owner's own copy opens in the browser with the Owner Kit
  await owner.getByRole('button', { name: 'Open with my Owner Kit: Cottage deeds' }).click();
  await owner.getByLabel('Or choose the Owner Kit file you saved').setInputFiles(kitFiles['your Owner Kit']!);
  const [ownCopy] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('dialog', { name: 'Open with your Owner Kit' }).getByRole('button', { name: 'Open' }).click()]);
  expect(ownCopy.suggestedFilename()).toBe('Cottage deeds.pdf');
  expect(fs.readFileSync((await ownCopy.path())!).equals(deeds)).toBe(true);
  const byron = ((await api(owner, 'get', '/api/v1/documents')).body.beneficiaries as { id: string; name: string }[]).find((b) => b.name.startsWith('Byron'))!;
  expect((await api(owner, 'put', `/api/v1/documents/${deedsDoc.id}/share`, { all: false, beneficiaryIds: [byron.id], release: 'after_activation' })).status).toBe(200);

  // A memory with a sealed story: sealed as it is added; the owner reads it again with the Owner Kit.
  const storyWords = `Grandad's boat was called Perseverance ${stamp}`;
  await owner.goto('/estate-owner/memories/create');
  await owner.getByLabel('Title').fill('The lake');
  await owner.getByLabel('Date').fill('1998-08-14');
  await owner.getByRole('button', { name: 'Story', exact: true }).click();
  await owner.getByLabel('Story title').fill('The boat');
  await owner.getByLabel('Story', { exact: true }).fill(storyWords);
  await owner.getByRole('checkbox', { name: /Seal this story/ }).check();
  await axeAtBothWidths(owner);
  await owner.getByRole('button', { name: 'Add Story' }).click();
  await expect(owner.getByRole('list', { name: 'Media in this memory' })).toContainText('Sealed');
  await owner.getByRole('button', { name: 'Photo', exact: true }).click();
  await owner.getByRole('checkbox', { name: /Seal these photos/ }).check();
  await owner.getByLabel('Choose photos').setInputFiles({ name: 'Lake.jpg', mimeType: 'image/jpeg', buffer: await makePhoto('#0e7490') });
  await expect(owner.getByRole('list', { name: 'Media in this memory' })).toContainText('Photo · Sealed');
  await owner.getByRole('button', { name: 'Save Memory' }).click();
  await expect(owner).toHaveURL(/\/estate-owner\/memories\?created=/);
  await owner.getByRole('button', { name: 'Open The lake' }).click();
  await owner.getByRole('button', { name: 'Open with my Owner Kit: The boat' }).click();
  await owner.getByLabel('Or choose the Owner Kit file you saved').setInputFiles(kitFiles['your Owner Kit']!);
  await owner.getByRole('dialog', { name: 'Open with your Owner Kit' }).getByRole('button', { name: 'Open' }).click();
  await expect(owner.getByText(storyWords)).toBeVisible();
  await owner.getByRole('button', { name: 'Open with my Owner Kit: Lake.jpg' }).click();
  await expect(owner.getByRole('img', { name: 'Photo: Lake.jpg' })).toHaveJSProperty('complete', true);
  expect(await owner.getByRole('img', { name: 'Photo: Lake.jpg' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await axeAtBothWidths(owner);
  const lake = ((await api(owner, 'get', '/api/v1/memories?q=lake')).body.items as { id: string }[])[0]!;
  expect((await api(owner, 'put', `/api/v1/memories/${lake.id}/share`, { all: false, beneficiaryIds: [byron.id], release: 'after_activation' })).status).toBe(200);

  // Before activation: no kit is taken.
  const ann = trustees[0]!.page;
  const kitId = ((await api(ann, 'get', '/api/v1/trustee/kits')).body.items as { kitId: string }[])[0]!.kitId;
  const early = await api(ann, 'post', `/api/v1/trustee/kits/${kitId}/give`, { kit: codeOf('the kit for Ann Trustee') });
  expect(early.status).toBe(409);
  await ann.goto('/trustee');
  await expect(ann.getByText(/Ada Lovelace's Emergency Kit \(1 of 3\)/)).toBeVisible();
  await expect(ann.getByRole('button', { name: 'Give my kit' })).toHaveCount(0);

  // The report, two trustees' confirmations, the administrator's approval; the window ends; activation.
  const reported = await beneficiary.request.post(`/api/v1/estates/${estateId}/reports`, {
    multipart: { data: JSON.stringify({ event: 'death', relationship: 'Child' }), death_certificate: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('Certificate of Death — Ada Lovelace') } },
    headers: { 'x-csrf-token': await csrfToken(beneficiary) },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const reportId = ((await reported.json()) as { id: string }).id;
  for (const t of trustees.slice(0, 2)) expect((await api(t.page, 'post', `/api/v1/trustee/reports/${reportId}/answer`, { answer: 'confirm' })).status).toBe(200);
  const pending = await api(administrator, 'get', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`);
  expect((await api(administrator, 'post', `/api/v1/estate-admin/verifications/${(pending.body.items as { id: string }[])[0]!.id}/approve`)).status).toBe(200);
  const moved = DAY_MS + 60_000;
  await moveServerClock(baseURL!, moved);
  try {
    await signInAgain(administrator, family.administrator);
    await signInAgain(beneficiary, family.beneficiary);
    // the trustees who give their kits (Ann, Ben); Ann also takes the capsule
    for (const t of trustees.slice(0, 2)) await signInAgain(t.page, t);
    expect((await api(administrator, 'post', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' })).status).toBe(200);
    const admin = await adminApi(baseURL!);
    await admin.post('/api/v1/test/clock', { advanceMs: 0 });
    await admin.request.dispose();

    // Delivered, still sealed: its reader sees only that it is sealed.
    await beneficiary.goto(`/beneficiary/estate/${estateId}`);
    await expect(beneficiary.getByText(`Sealed for Byron ${stamp}`)).toBeVisible();
    await expect(beneficiary.getByText(/This is sealed\. It opens only when enough trustees give their Emergency Kits/).first()).toBeVisible();
    await expect(beneficiary.getByText(marker)).toHaveCount(0);
    await expect(beneficiary.getByText('Sealed — waiting for 2 of 3 trustees’ kits')).toBeVisible();
    await expect(beneficiary.getByRole('link', { name: 'Download', exact: true })).toHaveCount(0);
    expect((await beneficiary.request.get(`/api/v1/shared/files/${deedsDoc.file.id}`)).status()).toBe(409);

    // Ann types her kit (after a mistake); Ben gives a photo of his kit's QR code.
    await ann.goto('/trustee');
    const code = ann.getByLabel('The code on your kit');
    await code.fill(codeOf('the kit for Ben Trustee'));
    await ann.getByRole('button', { name: 'Give my kit' }).click();
    await expect(ann.getByRole('alert')).toContainText("another trustee's");
    await code.fill(codeOf('the kit for Ann Trustee').toLowerCase());
    await axeAtBothWidths(ann);
    await ann.getByRole('button', { name: 'Give my kit' }).click();
    await expect(ann.getByText(/You gave your kit on .* 1 of the 2 kits needed/)).toBeVisible();

    const ben = trustees[1]!.page;
    await ben.goto('/trustee');
    await ben.getByLabel('Or take a photo of the QR code on your kit').setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: await photoOfKit(browser, kitFiles['the kit for Ben Trustee']!) });
    await expect(ben.getByLabel('The code on your kit')).not.toHaveValue('');
    await ben.getByRole('button', { name: 'Give my kit' }).click();
    await expect(ben.getByText(/what Ada Lovelace sealed is now open/)).toBeVisible();

    // Byron reads the letter.
    await beneficiary.reload();
    await expect(beneficiary.getByText(marker.slice(0, 40))).toBeVisible();
    await expect(beneficiary.getByRole('link', { name: 'Download the Legacy Capsule' })).toBeVisible();
    await axeAtBothWidths(beneficiary);
    // reads the story
    await beneficiary.getByRole('listitem').filter({ hasText: 'The lake' }).getByRole('button', { name: 'View Memory' }).click();
    await expect(beneficiary.getByRole('dialog').getByText(storyWords)).toBeVisible();
    const lakePhoto = beneficiary.getByRole('dialog').getByRole('img').first();
    await expect(lakePhoto).toBeVisible();
    await expect.poll(() => lakePhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await beneficiary.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    // and downloads the document, byte-identical
    const [deedsCopy] = await Promise.all([beneficiary.waitForEvent('download'), beneficiary.getByRole('link', { name: 'Download', exact: true }).first().click()]);
    expect(deedsCopy.suggestedFilename()).toBe('Cottage deeds.pdf');
    expect(fs.readFileSync((await deedsCopy.path())!).equals(deeds)).toBe(true);

    // Proof 4: the Legacy Capsule Ann keeps opens from disk in a browser with no network at all.
    await ann.goto('/trustee');
    const [capsuleDownload] = await Promise.all([ann.waitForEvent('download'), ann.getByRole('link', { name: 'Download the Legacy Capsule' }).click()]);
    const capsulePath = `${(await capsuleDownload.path())!}.zip`;
    fs.copyFileSync((await capsuleDownload.path())!, capsulePath);
    const openHtml = `${capsulePath}.open.html`;
    fs.writeFileSync(openHtml, readStoredZip(fs.readFileSync(capsulePath)).get('open.html')!);
    const offline = await browser.newContext({ offline: true, acceptDownloads: true });
    await offline.route(/^https?:/, (route) => route.abort());
    const disk = await offline.newPage();
    const requests: string[] = [];
    disk.on('request', (r) => requests.push(r.url()));
    await disk.goto(`file://${openHtml}`);
    await disk.getByLabel(/The capsule file/).setInputFiles(capsulePath);
    await expect(disk.getByText(/Ada Lovelace's capsule, made on .*: 4 sealed items\. Every item is as it was/)).toBeVisible();
    await disk.getByLabel('Kit 1: its code').fill(codeOf('the kit for Cara Trustee'));
    await disk.getByLabel('Kit 2: its code').fill(codeOf('the kit for Ann Trustee'));
    await expect(disk.getByText('Kit 1 of 3: read correctly.')).toBeVisible();
    await axeAtBothWidths(disk);
    await disk.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(disk.getByText(marker)).toBeVisible();
    const [saved] = await Promise.all([disk.waitForEvent('download'), disk.getByRole('button', { name: `Save “Sealed for Byron ${stamp}.txt”` }).click()]);
    expect(fs.readFileSync((await saved.path())!, 'utf8')).toBe(marker);
    const [savedDeeds] = await Promise.all([disk.waitForEvent('download'), disk.getByRole('button', { name: 'Save “Cottage deeds.pdf”' }).click()]);
    expect(fs.readFileSync((await savedDeeds.path())!).equals(deeds)).toBe(true);
    await axeAtBothWidths(disk);
    // a capsule changed after it was made says so, and the changed item is not opened
    const tampered = fs.readFileSync(capsulePath);
    const [, item] = [...readStoredZip(tampered)].find(([name]) => name.startsWith('items/'))!;
    item[item.length - 1] = item[item.length - 1]! ^ 1;
    fs.writeFileSync(`${capsulePath}.changed.zip`, tampered);
    await disk.getByLabel(/The capsule file/).setInputFiles(`${capsulePath}.changed.zip`);
    await expect(disk.getByText(/1 of them changed after the capsule was made and will not be opened/)).toBeVisible();
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
    await offline.close();
  } finally {
    await moveServerClock(baseURL!, -moved);
  }
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
