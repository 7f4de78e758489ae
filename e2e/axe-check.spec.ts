import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// The check every screen's spec leans on must be able to fail: a nameless button in the page, and
// faint text and an image without words in a frame, are reported — also after a check on the same page.
test('the accessibility check reports what axe finds, in the page and in its frames', async ({ page, login }) => {
  await login({ role: 'estate-owner' });
  await page.goto('/estate-owner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    document.querySelector('main')!.append(button);
  });
  expect(await violationsReported(page)).toEqual(expect.arrayContaining([expect.stringMatching(/"button-name \(/), expect.stringMatching(/#nameless/)]));

  await page.evaluate(() => {
    document.getElementById('nameless')!.remove();
    const frame = document.createElement('iframe');
    frame.title = 'A framed page';
    frame.srcdoc = '<main><p style="color:#eee;background:#fff">faint words</p><img src="/favicon.svg"></main>';
    document.querySelector('main')!.append(frame);
  });
  await expect(page.frameLocator('iframe[title="A framed page"]').getByText('faint words')).toBeVisible();
  expect(await violationsReported(page)).toEqual(expect.arrayContaining([expect.stringMatching(/"color-contrast \(/), expect.stringMatching(/"image-alt \(/)]));
});

/** The lines of the failure the check gives on the page as it is now (none if it passes). */
async function violationsReported(page: Page): Promise<string[]> {
  const failure = await expectNoAxeViolations(page).then(
    () => '',
    (error: Error) => error.message,
  );
  return failure.split('\n');
}
