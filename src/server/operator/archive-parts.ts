import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Pack } from 'tar-stream';
import { PART_BYTES } from './backup-format.ts';

export interface StreamSum {
  bytes: number;
  sha256: string;
  /** Newline bytes: the rows of a COPY text stream (a newline inside a value is written as `\n`). */
  lines: number;
}

/** Adds one tar entry and waits until the archive has taken it (the archive's reader sets the pace). */
export function addEntry(pack: Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())));
}

class Summer {
  private hash = createHash('sha256');
  private bytes = 0;
  private lines = 0;
  add(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
  }
  sum(): StreamSum {
    return { bytes: this.bytes, sha256: this.hash.digest('hex'), lines: this.lines };
  }
}

/**
 * Writes `source` as tar entries of at most PART_BYTES each, named by `partName(n)`: only one part
 * is held in memory. `onBytes` is told of each part (progress).
 */
export async function writeParts(pack: Pack, partName: (part: number) => string, source: AsyncIterable<Buffer>, onBytes?: (n: number) => void): Promise<StreamSum> {
  const summer = new Summer();
  let pending: Buffer[] = [];
  let length = 0;
  let part = 0;
  const flush = async () => {
    const body = Buffer.concat(pending, length);
    pending = [];
    length = 0;
    await addEntry(pack, partName(part++), body);
    onBytes?.(body.length);
  };
  for await (const chunk of source) {
    summer.add(chunk);
    let rest = chunk;
    while (length + rest.length >= PART_BYTES) {
      const take = PART_BYTES - length;
      pending.push(rest.subarray(0, take));
      length += take;
      rest = rest.subarray(take);
      await flush();
    }
    if (rest.length) {
      pending.push(rest);
      length += rest.length;
    }
  }
  if (length) await flush();
  return summer.sum();
}

/**
 * One stream being read back from its parts: the parts' bytes are written, in order, to the body
 * that `consume` reads (a COPY FROM, a store's put), and summed on the way.
 */
export class PartsReader {
  private readonly summer = new Summer();
  private readonly body = new PassThrough({ highWaterMark: 1024 * 1024 });
  private readonly consumed: Promise<void>;
  nextPart = 0;

  constructor(
    readonly kind: 'tables' | 'blobs',
    readonly stream: string,
    consume: (body: Readable) => Promise<void>,
  ) {
    this.consumed = consume(this.body);
    this.consumed.catch(() => undefined); // awaited in write/end; a failure must not go unhandled before
  }

  async write(chunk: Buffer): Promise<void> {
    this.summer.add(chunk);
    if (!this.body.write(chunk)) await Promise.race([once(this.body, 'drain'), this.consumed]);
  }

  async end(): Promise<StreamSum> {
    this.body.end();
    await this.consumed;
    return this.summer.sum();
  }

  abort(error: Error): void {
    this.body.destroy(error);
  }
}

/** Progress on stderr for long work: one line rewritten at most twice a second, ended by `done`. */
export function progressLine(out: NodeJS.WriteStream = process.stderr): { show(text: string): void; done(): void } {
  let last = 0;
  let shown = '';
  const write = (text: string) => out.write(out.isTTY ? `\r${text.padEnd(shown.length)}` : `${text}\n`);
  return {
    show(text) {
      const now = Date.now();
      if (now - last < (out.isTTY ? 500 : 5_000)) return;
      last = now;
      write(text);
      shown = text;
    },
    done() {
      if (shown && out.isTTY) out.write('\n');
    },
  };
}
