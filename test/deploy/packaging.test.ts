import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The packaging files (ADR 0087) checked without a container engine: what can go wrong in them unseen. */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('packaging', () => {
  it("the image's runtime stage runs as a user that is not root", () => {
    const stages = read('Dockerfile').split(/^FROM /m);
    const users = [...stages.at(-1)!.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
  });

  it('the image build never takes the local data, installed modules or a .env file', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['.env', 'data', 'node_modules', 'dist', '.git']) expect(ignored).toContain(entry);
  });

  it("compose's nginx points every upstream line of deploy/nginx/heirloom.conf at an app service", () => {
    const upstreams = [...read('deploy/nginx/heirloom.conf').matchAll(/^\s*server\s+([\d.]+:\d+)/gm)].map((match) => match[1]);
    const rewritten = [...read('compose.yaml').matchAll(/s\/([\d\\.]+:\d+)\/(app\d):3000\//g)].map((match) => match[1]!.replaceAll('\\', ''));
    expect(upstreams.length).toBeGreaterThan(0);
    expect(rewritten.sort()).toEqual(upstreams.sort());
  });

  it("compose's apps trust exactly the proxy's fixed address", () => {
    const compose = read('compose.yaml');
    const trusted = compose.match(/TRUST_PROXY:\s*(\S+)/)?.[1];
    const proxyAddress = compose.match(/ipv4_address:\s*(\S+)/)?.[1];
    expect(trusted).toBeDefined();
    expect(trusted).toBe(proxyAddress);
  });

  // Skipped only outside CI: .ci/run installs systemd-analyze, so there a missing tool fails the check.
  const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  it.skipIf(!systemdAnalyze && !process.env.CI)('the systemd unit verifies without a warning', () => {
    const run = spawnSync('systemd-analyze', ['verify', path.join(root, 'deploy/systemd/heirloom.service')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    // systemd-analyze exits 0 on an unknown key or a bad value and only says so on stderr.
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
  });

  it('the unit runs the program the build makes', () => {
    const start = read('deploy/systemd/heirloom.service').match(/^ExecStart=\S+\s+(\S+)/m)?.[1];
    const main = execFileSync('node', ['-p', "require('./package.json').scripts.start"], { cwd: root, encoding: 'utf8' });
    expect(start).toBeDefined();
    expect(main).toContain(start!);
    expect(read('Dockerfile')).toContain(`"${start}"`);
  });
});
