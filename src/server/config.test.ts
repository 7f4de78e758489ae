import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const MASTER_KEY = randomBytes(32).toString('base64');

describe('configuration', () => {
  it('leaves demo mode off unless it is chosen, whatever NODE_ENV is', () => {
    expect(loadConfig({}).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('refuses demo mode in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MASTER_KEY, DEMO_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MASTER_KEY, DEMO_MODE: 'true' })).toThrow(/DEMO_MODE/);
  });

  it('turns the API docs off in production unless asked for', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', MASTER_KEY }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', MASTER_KEY, API_DOCS: 'true' }).apiDocs).toBe(true);
  });
});

// Each case compiles the whole server with tsx in a child process: room for a loaded machine.
const SPAWN_ROOM_MS = 90_000;

describe('the commands refuse demo data in production', () => {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...inherited, NODE_ENV: 'production', MASTER_KEY, DATA_DIR: '/nonexistent/heirloom-never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('`npm run seed` stops before touching any database', () => {
    const result = run(['src/server/db/seed/run.ts']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Refusing to seed demo data: NODE_ENV is production/);
  }, SPAWN_ROOM_MS);

  it('the server will not start with --demo', () => {
    const result = run(['src/server/main.ts', '--demo']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/demo mode cannot run in production/);
  }, SPAWN_ROOM_MS);
});
