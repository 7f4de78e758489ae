import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const MASTER_KEY = randomBytes(32).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', MASTER_KEY, PUBLIC_URL: 'https://heirloom.example.org' } as const;

describe('configuration', () => {
  it('leaves demo mode off unless it is chosen, whatever NODE_ENV is', () => {
    expect(loadConfig({}).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('refuses demo mode in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(/DEMO_MODE/);
  });

  it('turns the API docs off in production unless asked for', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return 'started';
  };

  it('refuses production without PUBLIC_URL instead of sending links to localhost', () => {
    const { PUBLIC_URL: _unset, ...withoutUrl } = PRODUCTION;
    expect(refusal(withoutUrl)).toBe(
      'Invalid configuration:\n  PUBLIC_URL: required in production (the address people use to reach Heirloom, e.g. https://heirloom.example.org; links in emails are built from it)',
    );
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://heirloom.example.org');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a MASTER_KEY that is not 32 bytes of base64', () => {
    expect(refusal({ MASTER_KEY: 'correct horse battery staple' })).toMatch(/^Invalid configuration:\n {2}MASTER_KEY: must be 32 random bytes, base64-encoded/);
  });

  describe('S3 settings: all of bucket and keys, or none', () => {
    const S3 = { S3_BUCKET: 'heirloom', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

    it('uses S3 with bucket and both keys, the disk with none', () => {
      expect(loadConfig(S3).s3).toMatchObject({ bucket: 'heirloom', accessKeyId: 'AKIAEXAMPLE' });
      expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.endpoint).toBe('http://127.0.0.1:9000');
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
    });

    it('refuses a bucket without keys with one line naming what is missing', () => {
      expect(refusal({ S3_BUCKET: 'heirloom' })).toBe(
        'Invalid configuration:\n  S3: S3_BUCKET is set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not; set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to keep files in S3, or none of the S3_* settings to keep them in DATA_DIR/files',
      );
    });

    it('refuses keys and an endpoint without a bucket, one key alone, a region alone', () => {
      expect(refusal({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toMatch(
        /^Invalid configuration:\n {2}S3: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not;/,
      );
      expect(refusal({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toMatch(/S3_SECRET_ACCESS_KEY is not;/);
      expect(refusal({ S3_REGION: 'eu-west-1' })).toMatch(/S3: S3_REGION is set but S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/);
    });

    it('names every problem at once, one line each', () => {
      const { PUBLIC_URL: _unset, ...withoutUrl } = PRODUCTION;
      const lines = refusal({ ...withoutUrl, S3_BUCKET: 'heirloom' }).split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^ {2}PUBLIC_URL: /);
      expect(lines[2]).toMatch(/^ {2}S3: /);
    });
  });
});

// Each case compiles the whole server with tsx in a child process: room for a loaded machine.
const SPAWN_ROOM_MS = 90_000;

describe('the commands refuse demo data in production', () => {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...inherited, ...PRODUCTION, DATA_DIR: '/nonexistent/heirloom-never-created' },
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
