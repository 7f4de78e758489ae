import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MEDIA_MAX_BYTES } from '../../src/core/memories.schemas.ts';
import { mb, pct, type Report } from '../lib/report.ts';
import type { RunningServer } from '../lib/server.ts';
import type { Session } from '../lib/sessions.ts';

const REQUESTED_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const RSS_BUDGET = 64 * 1024 * 1024;

/** A file the server takes as a video (an MP4 `ftyp` box first), then incompressible bytes. */
function writeVideo(file: string, bytes: number): void {
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisom', 4, 'latin1');
  head.writeUInt32BE(0x200, 12);
  head.write('isomiso2avc1mp41', 16, 'latin1');
  const block = randomBytes(1024 * 1024);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  for (let written = head.length; written < bytes; ) {
    const n = Math.min(block.length, bytes - written);
    fs.writeSync(fd, block, 0, n);
    written += n;
  }
  fs.closeSync(fd);
}

/** POST /api/v1/memories (multipart: data, then the video) streamed from disk. */
function upload(base: string, session: Session, file: string, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const data = JSON.stringify({ title: 'Bench upload', date: '2020-01-01', description: '' });
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/v1/memories`, {
      method: 'POST',
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': preamble.length + bytes + epilogue.length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(preamble);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('error', reject);
    stream.on('end', () => req.end(epilogue));
    stream.pipe(req, { end: false });
  });
}

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/**
 * The largest video upload against `cp` of the same file on the same disk (the server's data
 * folder), with the server's RSS sampled every 50 ms. A size over the app's video limit
 * (MEDIA_MAX_BYTES, 2 GiB) is measured at the limit and the row says so.
 */
export async function measureUpload(report: Report, server: RunningServer, session: Session, label: string): Promise<void> {
  const section = `Upload (${label})`;
  const bytes = Math.min(REQUESTED_BYTES, MEDIA_MAX_BYTES);
  const capped = bytes < REQUESTED_BYTES ? ` — capped from ${mb(REQUESTED_BYTES)} at the app's video limit` : '';
  const work = fs.mkdtempSync(path.join(server.dataDir, 'bench-upload-'));
  const file = path.join(work, 'video.mp4');
  try {
    writeVideo(file, bytes);
    let started = process.hrtime.bigint();
    execFileSync('cp', [file, path.join(work, 'copy.mp4')]);
    execFileSync('sync');
    const cpSeconds = seconds(started);
    fs.rmSync(path.join(work, 'copy.mp4'));
    const before = server.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
    started = process.hrtime.bigint();
    const answer = await upload(server.base, session, file, bytes).finally(() => clearInterval(sampler));
    const uploadSeconds = seconds(started);
    const cpRate = bytes / cpSeconds;
    const uploadRate = bytes / uploadSeconds;
    if (answer.status >= 300) {
      report.add({ section, measure: `${mb(bytes)} video upload${capped}`, figure: `answers ${answer.status}: ${answer.body.slice(0, 100)}`, pass: false });
      return;
    }
    report.add({
      section,
      measure: `${mb(bytes)} video upload vs cp${capped}`,
      figure: `${mb(uploadRate)}/s = ${pct(uploadRate / cpRate)} of cp`,
      ceiling: `cp + sync ${mb(cpRate)}/s`,
      budget: '≥50% of cp',
      pass: uploadRate / cpRate >= 0.5 && !capped,
    });
    report.add({ section, measure: 'server RSS growth during the upload', figure: `${mb(peak - before)} (${mb(before)} → ${mb(peak)})`, budget: `<${mb(RSS_BUDGET)}`, pass: peak - before < RSS_BUDGET });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
