import fs from 'node:fs';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { axeAtBothWidths, csrfToken, expect, signUpThroughApi, test } from '../fixtures.ts';
import { trusteeOf } from '../safeguards/trustees.ts';

/**
 * Issue 27, the camera: a kit's QR code held up to the camera is read in the browser. Chromium's fake
 * camera plays a video file of the Owner Kit's QR code; the Owner Kit dialog's "Scan … with the
 * camera" reads it into the code field.
 */
const WIDTH = 640;
const HEIGHT = 480;

/** One still frame as a YUV4MPEG2 file (what Chromium's fake camera plays, in a loop): the picture centred on white. */
async function stillVideo(png: Buffer, file: string): Promise<void> {
  const picture = await sharp(png).resize({ width: HEIGHT - 40, height: HEIGHT - 40, fit: 'contain', background: '#ffffff' }).toBuffer();
  const { data } = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: picture, gravity: 'center' }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      y[row * WIDTH + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (WIDTH / 2) + col / 2;
        u[c] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[c] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]));
}

test('the Owner Kit’s QR code held up to the camera is read into the dialog', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const video = test.info().outputPath('kit-qr.y4m');
  // a white picture until the kit exists (the fake camera needs a readable file from the start)
  await stillVideo(await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer(), video);
  const withCamera = await chromium.launch({
    executablePath: process.env.CHROME_PATH === '' ? undefined : (process.env.CHROME_PATH ?? '/usr/bin/chromium'),
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await withCamera.newContext({ baseURL: baseURL!, acceptDownloads: true });
    await context.grantPermissions(['camera'], { origin: baseURL! });
    const page = await context.newPage();
    const stamp = Date.now();
    await signUpThroughApi(page, baseURL!, { name: 'Ada Camera', email: `ada.camera.${stamp}@example.com`, password: 'a long and memorable passphrase' });
    const trustees = [await trusteeOf(browser, page, baseURL!, 'Ann', stamp), await trusteeOf(browser, page, baseURL!, 'Ben', stamp)];
    const candidates = ((await (await page.request.get('/api/v1/release-safeguards')).json()) as { candidates: { userId: string; name: string }[] }).candidates;
    const headers = { 'x-csrf-token': await csrfToken(page) };
    const ids = trustees.map((t) => candidates.find((c) => c.name === t.name)!.userId);
    expect((await page.request.put('/api/v1/release-safeguards/trustees', { data: { userIds: ids }, headers })).status()).toBe(200);
    expect((await page.request.patch('/api/v1/release-safeguards/rules', { data: { quorumRequired: 2 }, headers })).status()).toBe(200);

    await page.goto('/estate-owner/seal');
    await page.getByRole('button', { name: 'Make my seal and kits' }).click();
    let ownerKit = '';
    for (const who of ['your Owner Kit', 'the kit for Ann Trustee', 'the kit for Ben Trustee']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Save as a file: ${who}` }).click()]);
      if (who === 'your Owner Kit') ownerKit = fs.readFileSync((await download.path())!, 'utf8');
    }
    await page.getByRole('checkbox', { name: /I have printed or saved every kit/ }).check();
    await page.getByRole('button', { name: 'Finish: keep my seal' }).click();
    await expect(page.getByRole('heading', { name: 'Your seal' })).toBeVisible();

    // the camera's picture: the Owner Kit's QR code as the saved kit shows it
    const kitFile = test.info().outputPath('owner-kit.html');
    fs.writeFileSync(kitFile, ownerKit);
    const kitPage = await context.newPage();
    await kitPage.goto(`file://${kitFile}`);
    await stillVideo(await kitPage.getByRole('img', { name: 'The same code as a QR code' }).screenshot(), video);
    await kitPage.close();

    await page.getByRole('button', { name: 'Change who holds the kits' }).click();
    await page.getByRole('button', { name: 'Open with my Owner Kit and make new kits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open with your Owner Kit' });
    await dialog.getByRole('button', { name: "Scan the Owner Kit's QR code with the camera" }).click();
    await expect(dialog.getByText('Hold the QR code on your kit in front of the camera.')).toBeVisible();
    await axeAtBothWidths(page);
    const code = /The code<\/p><p[^>]*>([0-9A-Z ]+)</.exec(ownerKit)![1]!;
    await expect(dialog.getByLabel('The code on your Owner Kit')).toHaveValue(new RegExp(code.replace(/ /g, ' ?')), { timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: "Scan the Owner Kit's QR code with the camera" })).toBeVisible();
  } finally {
    await withCamera.close();
  }
});
