import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../../test/factories/files.ts';
import { sealedFamily, uploadSealedDocument } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';

/**
 * Issue 27, proof 4 (the age tool's half; open.html's is in e2e/sealed/sealed-release.spec.ts): once
 * the server is stopped and its data folder deleted, the capsule opens with what Debian ships —
 * Python to unpack it and put two kits together (docs/sealed-release/combine-kits.py, as
 * docs/sealed-release.md says), and `age -d` to open each item.
 */
let t: TestApp;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-capsule-'));
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
let closed = false;
afterAll(async () => {
  if (!closed) await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('a capsule without Heirloom', () => {
  it('opens with Python and the age tool after the server is gone', async () => {
    const f = await sealedFamily(t);
    const deeds = makePdf(`The deeds ${f.marker}`);
    expect((await uploadSealedDocument(t, f.s, f.seal, deeds, 'Deeds.pdf', 'House deeds')).statusCode).toBe(201);
    const res = await injectAs(t, await sessionFor(t, f.trustees[1]!), 'GET', `/api/v1/capsules/${f.owner.estateId}`);
    expect(res.statusCode).toBe(200);
    fs.writeFileSync(path.join(work, 'capsule.zip'), res.rawPayload);
    const { dataDir } = t.config;
    await t.close();
    closed = true;
    expect(fs.existsSync(dataDir)).toBe(false);

    run('python3', ['-m', 'zipfile', '-e', 'capsule.zip', 'capsule']);
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'capsule', 'manifest.json'), 'utf8')) as CapsuleManifest;
    const combine = path.resolve('docs/sealed-release/combine-kits.py');
    const key = run('python3', [combine, f.seal.shares[2]!.words, f.seal.shares[0]!.words.toLowerCase()]);
    expect(key.trim()).toBe(f.seal.identity);
    fs.writeFileSync(path.join(work, 'key.txt'), key);
    const letter = run('age', ['-d', '-i', 'key.txt', path.join('capsule', manifest.items[0]!.path)]);
    expect(letter).toBe(`Dear one — ${f.marker}`);
    const document = manifest.items.find((i) => i.kind === 'document')!;
    expect(document).toMatchObject({ title: 'House deeds', fileName: 'Deeds.pdf' });
    execFileSync('age', ['-d', '-i', 'key.txt', '-o', document.fileName, path.join('capsule', document.path)], { cwd: work });
    expect(fs.readFileSync(path.join(work, document.fileName)).equals(deeds)).toBe(true);
    // one kit alone is refused, and a wrong key opens nothing
    expect(() => run('python3', [combine, f.seal.shares[1]!.words])).toThrow(/at least 2 different kits/);
    fs.writeFileSync(path.join(work, 'other.txt'), run('age-keygen', []));
    expect(() => run('age', ['-d', '-i', 'other.txt', path.join('capsule', manifest.items[0]!.path)])).toThrow();
  });
});
