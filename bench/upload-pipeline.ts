/**
 * The upload pipeline without HTTP: plaintext → SHA-256 → encryptStream → the disk store's put
 * (fsync before close), against `cp` and `cp` + fsync of the same file on the same disk. Shows what
 * the pipeline itself costs: `npx tsx bench/upload-pipeline.ts [MB]` (default 300).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createDiskStore } from '../src/server/storage/disk-store.ts';
import { encryptStream, newDataKey } from '../src/server/storage/envelope.ts';

const megabytes = Number(process.argv[2] ?? 300);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-upload-pipeline-'));
const file = path.join(dir, 'plain.bin');
const block = randomBytes(1024 * 1024);
const fd = fs.openSync(file, 'w');
for (let i = 0; i < megabytes; i++) fs.writeSync(fd, block);
fs.closeSync(fd);

const rate = (started: number) => `${(megabytes / ((performance.now() - started) / 1000)).toFixed(0)} MB/s`;
try {
  let started = performance.now();
  execFileSync('cp', [file, path.join(dir, 'copy.bin')]);
  console.log(`cp                      ${rate(started)}`);
  started = performance.now();
  execFileSync('cp', [file, path.join(dir, 'copy2.bin')]);
  execFileSync('sync', ['-f', path.join(dir, 'copy2.bin')]);
  console.log(`cp + fsync              ${rate(started)}`);

  const store = createDiskStore(path.join(dir, 'store'));
  started = performance.now();
  const hash = createHash('sha256');
  async function* plaintext(): AsyncGenerator<Buffer> {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  await store.put('tmp/upload', pipeline(Readable.from(plaintext()), encryptStream(newDataKey()), () => undefined));
  hash.digest();
  console.log(`hash + encrypt + put    ${rate(started)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
