/**
 * Screenshots for review: the landing page and each persona's dashboard at desktop and phone width.
 * Usage: npx tsx scripts/screenshots.ts <baseUrl> <outDir>   (the server must run in demo mode)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { PERSONAS } from '../src/core/personas.ts';
import type { Role } from '../src/core/roles.ts';

const [baseUrl, outDir] = process.argv.slice(2);
if (!baseUrl || !outDir) {
  console.error('Usage: npx tsx scripts/screenshots.ts <baseUrl> <outDir>');
  process.exit(2);
}

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function signIn(context: BrowserContext, role: Role): Promise<void> {
  const session = await context.request.get(`${baseUrl}/api/v1/auth/session`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const response = await context.request.post(`${baseUrl}/api/v1/demo/sign-in`, {
    data: { persona: role },
    headers: { 'x-csrf-token': csrfToken },
  });
  if (!response.ok()) throw new Error(`demo sign-in as ${role} failed: ${response.status()} ${await response.text()}`);
}

async function shoot(browser: Browser, viewport: keyof typeof VIEWPORTS, pathname: string, file: string, role?: Role) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
  try {
    if (role) await signIn(context, role);
    const page = await context.newPage();
    await page.goto(new URL(pathname, baseUrl).toString());
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const target = path.join(outDir!, `${file}-${viewport}.png`);
    await page.screenshot({ path: target, fullPage: true });
    console.log(target);
  } finally {
    await context.close();
  }
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    await shoot(browser, viewport, '/', 'landing');
    for (const persona of PERSONAS) await shoot(browser, viewport, persona.path, persona.key, persona.key);
  }
} finally {
  await browser.close();
}
