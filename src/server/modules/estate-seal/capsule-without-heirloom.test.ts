import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../../test/factories/files.ts';
import { sealedFamily, uploadSealedDocument } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';
import { decodeKit, encodeKit } from '../../../core/seal/kit-codec.ts';
import { makeSeal } from '../../../core/seal/seal-keys.ts';

/**
 * Issue 27, proof 4 (the age tool's half; open.html's is in e2e/sealed/sealed-release.spec.ts), and
 * issue 39 (ADR 0112): once the server is stopped and its data folder deleted, the unpacked capsule
 * opens with nothing but what is inside it and what Debian ships — README.txt's own commands, run
 * in the capsule's folder: its combine-kits.py (Python 3), which checks the kits against the
 * capsule's seal, and `age -d`.
 */
let t: TestApp;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-capsule-'));
const folder = path.join(work, 'capsule');
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
let closed = false;
afterAll(async () => {
  if (!closed) await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A line of README.txt typed into a terminal in the capsule's folder, with what is typed after it. */
function typeIn(line: string, typed: string[] = []) {
  const result = spawnSync('sh', ['-c', line], { cwd: folder, input: typed.map((s) => `${s}\n`).join(''), encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: work } });
  return { ok: result.status === 0, out: `${result.stdout}${result.stderr}` };
}

describe('a capsule without Heirloom', () => {
  it('opens with its README, its combine-kits.py and the age tool after the server is gone', async () => {
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

    execFileSync('python3', ['-m', 'zipfile', '-e', 'capsule.zip', 'capsule'], { cwd: work });
    const readme = fs.readFileSync(path.join(folder, 'README.txt'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as CapsuleManifest;
    // the commands README.txt gives, as typed: step 4, then one line per item
    const commands = [...readme.matchAll(/^ {4}((?:python3|age) .+)$/gm)].map((m) => m[1]!);
    const [combineLine, ...itemLines] = commands;
    expect(combineLine).toBe('python3 combine-kits.py');
    expect(itemLines).toHaveLength(manifest.items.length);
    expect(readme).not.toMatch(/Heirloom's source/);

    // step 4 and 5: the kits typed one after the other (any case); the key checked, written, every item opened
    const combined = typeIn(combineLine!, [f.seal.shares[2]!.words, f.seal.shares[0]!.words.toLowerCase()]);
    expect(combined.out).toMatch(/The kits are right/);
    expect(combined.ok, combined.out).toBe(true);
    expect(fs.readFileSync(path.join(folder, 'key.txt'), 'utf8').trim()).toBe(f.seal.identity);
    const opened = fs.readdirSync(path.join(folder, 'Opened')).sort();
    expect(opened).toEqual(['01 For my daughter.txt', '02 Deeds.pdf']);
    expect(fs.readFileSync(path.join(folder, 'Opened', '01 For my daughter.txt'), 'utf8')).toBe(`Dear one — ${f.marker}`);
    expect(fs.readFileSync(path.join(folder, 'Opened', '02 Deeds.pdf')).equals(deeds)).toBe(true);

    // or one item at a time, with README's own age lines
    for (const line of itemLines) expect(typeIn(line).ok, line).toBe(true);
    expect(fs.readFileSync(path.join(folder, '02 Deeds.pdf')).equals(deeds)).toBe(true);
    expect(fs.readFileSync(path.join(folder, '01 For my daughter.txt'), 'utf8')).toBe(`Dear one — ${f.marker}`);
    // the codes as arguments print the same key
    expect(typeIn(`python3 combine-kits.py "${f.seal.shares[1]!.words}" "${f.seal.shares[2]!.words}"`).out.trim()).toBe(f.seal.identity);

    // refused, with words: a mistyped code is asked again; one kit alone; another seal's kits; a kit whose share is not this seal's
    fs.rmSync(path.join(folder, 'key.txt'));
    const mistyped = f.seal.shares[0]!.words.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const retried = typeIn(combineLine!, [mistyped, f.seal.shares[0]!.words]);
    expect(retried.out).toMatch(/That code has a mistake in it/);
    expect(retried.ok).toBe(false);
    expect(retried.out).toMatch(/Only 1 of the 2 kits were given/);
    expect(fs.existsSync(path.join(folder, 'key.txt'))).toBe(false);
    const other = await makeSeal(2, 3);
    expect(typeIn(combineLine!, [other.shares[0]!.words, other.shares[1]!.words]).out).toMatch(new RegExp(`These kits are of seal ${other.sealTag}, but this capsule was locked with seal ${f.seal.sealTag}`));
    // the other seal's share written on a kit that claims this seal's tag: only the check against the capsule's public key catches it
    const forged = encodeKit({ ...decodeKit(other.shares[1]!.words), sealTag: f.seal.sealTag });
    const caught = typeIn(combineLine!, [f.seal.shares[0]!.words, forged]);
    expect(caught.out).toMatch(/These kits do not make this capsule's key/);
    expect(caught.ok).toBe(false);
    expect(fs.existsSync(path.join(folder, 'key.txt'))).toBe(false);
    // and a wrong key opens nothing
    fs.writeFileSync(path.join(folder, 'other.txt'), execFileSync('age-keygen', [], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    expect(typeIn(itemLines[0]!.replace('key.txt', 'other.txt')).ok).toBe(false);
  });
});
