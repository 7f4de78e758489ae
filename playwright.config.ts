import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian Chromium against the BUILT server (run `npm run build` first)
 * on a fresh data folder with the demo seed.
 */
// A free port chosen by the system unless E2E_PORT names one (a fixed port failed for anyone with
// something else on it). Chosen once: the config is evaluated again in each worker, which inherits it.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
]).toString();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The config is evaluated again in each worker: create the data folder once and pass it on.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // A test walks several screens and runs a full axe scan on each: 30 s (the default) is too tight
  // on a shared two-core machine. Room, not a performance figure (those live in bench/).
  timeout: 90_000,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // scripts/find-chromium.sh sets CHROME_PATH; empty means Playwright's own download.
          executablePath: process.env.CHROME_PATH === '' ? undefined : (process.env.CHROME_PATH ?? '/usr/bin/chromium'),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node dist/server/src/server/main.js --demo',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_MODE: 'true',
      // Lets specs move the server clock (POST /api/v1/test/clock); refused when NODE_ENV=production.
      E2E_CLOCK: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
