import { createCipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { IV_BYTES, open, SEAL_ALGORITHM } from '../lib/crypto.ts';

/**
 * Streaming envelope encryption of stored files.
 *
 * Every file has its own random 256-bit data key (wrapped by the master key and kept in the files
 * row). The plaintext is cut into 64 KiB segments; each is sealed on its own with AES-256-GCM
 * (lib/crypto `seal`: random IV | tag | ciphertext) over `index (u32) | last (u8) | bytes`, so
 * decryption checks every segment before releasing it, and a reordered, dropped or truncated
 * segment fails instead of yielding altered plaintext.
 *
 * Blob layout: MAGIC (4 bytes) then sealed segments. Every segment but the last holds exactly
 * SEGMENT_BYTES of plaintext; the last holds 0…SEGMENT_BYTES and carries last = 1.
 */
export const MAGIC = Buffer.from('HLF1');
export const SEGMENT_BYTES = 64 * 1024;
const HEADER_BYTES = 5; // u32 index + u8 last
const SEAL_OVERHEAD = 12 + 16; // IV + GCM tag (lib/crypto)
const SEALED_SEGMENT_BYTES = SEGMENT_BYTES + HEADER_BYTES + SEAL_OVERHEAD;

export const newDataKey = (): Buffer => randomBytes(32);

/**
 * Seals one segment as `seal` would (IV | tag | ciphertext of header + bytes), pushed as two
 * buffers so the 64 KiB of ciphertext is never copied again.
 */
function pushSealedSegment(push: (chunk: Buffer) => void, key: Buffer, index: number, last: boolean, bytes: Buffer): void {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header.writeUInt32BE(index, 0);
  header.writeUInt8(last ? 1 : 0, 4);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(SEAL_ALGORITHM, key, iv);
  const sealedHeader = cipher.update(header);
  const ciphertext = cipher.update(bytes);
  const rest = cipher.final(); // empty for GCM
  push(Buffer.concat([iv, cipher.getAuthTag(), sealedHeader]));
  push(rest.length ? Buffer.concat([ciphertext, rest]) : ciphertext);
}

/**
 * Plaintext in, encrypted blob out. Incoming chunks are copied once into a reused 64 KiB segment
 * buffer; a full segment is sealed only when more bytes arrive (the last one carries last = 1).
 * Per segment this allocates one ciphertext buffer: on a long upload the old way (concatenating
 * the buffered chunks, then the header, then IV | tag | ciphertext) allocated about five, and that
 * churn of large external buffers drives full garbage collections, which cost more the larger the
 * heap of a long-running server has grown.
 */
export function encryptStream(key: Buffer): Transform {
  const segment = Buffer.allocUnsafe(SEGMENT_BYTES);
  let filled = 0;
  let index = 0;
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (!started) {
        this.push(MAGIC);
        started = true;
      }
      let offset = 0;
      while (offset < chunk.length) {
        if (filled === SEGMENT_BYTES) {
          // More bytes follow, so the full segment is not the last one.
          pushSealedSegment((c) => this.push(c), key, index++, false, segment);
          filled = 0;
        }
        const copied = chunk.copy(segment, filled, offset, Math.min(chunk.length, offset + SEGMENT_BYTES - filled));
        filled += copied;
        offset += copied;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(MAGIC);
      pushSealedSegment((c) => this.push(c), key, index, true, segment.subarray(0, filled));
      done();
    },
  });
}

export class CorruptFileError extends Error {}

/** Encrypted blob in, verified plaintext out; fails on any tampering or truncation. */
export function decryptStream(key: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let sawMagic = false;
  let index = 0;
  let ended = false;
  const openSegment = (sealed: Buffer): Buffer => {
    if (ended) throw new CorruptFileError('data after the last segment');
    let plain: Buffer;
    try {
      plain = open(key, sealed);
    } catch {
      throw new CorruptFileError('segment failed authentication');
    }
    if (plain.length < HEADER_BYTES || plain.readUInt32BE(0) !== index) throw new CorruptFileError('segment out of order');
    index++;
    ended = plain.readUInt8(4) === 1;
    return plain.subarray(HEADER_BYTES);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        if (!sawMagic) {
          if (buffered.length < MAGIC.length) return done();
          if (!buffered.subarray(0, MAGIC.length).equals(MAGIC)) throw new CorruptFileError('not an encrypted Heirloom file');
          buffered = buffered.subarray(MAGIC.length);
          sawMagic = true;
        }
        while (buffered.length >= SEALED_SEGMENT_BYTES) {
          this.push(openSegment(buffered.subarray(0, SEALED_SEGMENT_BYTES)));
          buffered = buffered.subarray(SEALED_SEGMENT_BYTES);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!sawMagic) throw new CorruptFileError('empty blob');
        if (buffered.length) this.push(openSegment(buffered));
        if (!ended) throw new CorruptFileError('file is truncated');
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

// ---- Ranged reads: only the sealed segments a byte range touches ---------------------------------

/** Sealed bytes a segment adds to its plaintext (header + IV + tag). */
export const SEGMENT_OVERHEAD = HEADER_BYTES + SEAL_OVERHEAD;

/** How many segments a blob of `size` plaintext bytes holds (an empty file still has one, empty and last). */
export const segmentCount = (size: number): number => Math.max(1, Math.ceil(size / SEGMENT_BYTES));

/** Where an inclusive plaintext range `[start, end]` of a `size`-byte file lies in its blob. */
export interface SegmentSpan {
  size: number;
  firstSegment: number;
  lastSegment: number;
  /** Inclusive byte offsets of those sealed segments in the blob. */
  blobStart: number;
  blobEnd: number;
  /** Plaintext bytes to drop from the first segment, and how many to send in all. */
  skip: number;
  length: number;
}

const plainLengthOf = (size: number, index: number): number =>
  index < segmentCount(size) - 1 ? SEGMENT_BYTES : size - (segmentCount(size) - 1) * SEGMENT_BYTES;

/** The blob span holding plaintext bytes `start…end` (inclusive; the caller checked 0 <= start <= end < size). */
export function segmentSpan(size: number, start: number, end: number): SegmentSpan {
  const firstSegment = Math.floor(start / SEGMENT_BYTES);
  const lastSegment = Math.floor(end / SEGMENT_BYTES);
  const blobStart = MAGIC.length + firstSegment * SEALED_SEGMENT_BYTES;
  const blobEnd = MAGIC.length + lastSegment * SEALED_SEGMENT_BYTES + plainLengthOf(size, lastSegment) + SEGMENT_OVERHEAD - 1;
  return { size, firstSegment, lastSegment, blobStart, blobEnd, skip: start - firstSegment * SEGMENT_BYTES, length: end - start + 1 };
}

/**
 * The sealed segments of `span` (exactly the blob bytes `blobStart…blobEnd`) in, the requested plaintext
 * out. Each segment is authenticated before any of it is released and must carry its own index and the
 * right "last" flag, so a segment moved, swapped or cut from elsewhere in the blob fails as in a full read.
 * `onSegment` is told each segment opened (tests count them).
 */
export function decryptSegments(key: Buffer, span: SegmentSpan, onSegment?: (index: number) => void): Transform {
  const total = segmentCount(span.size);
  let buffered: Buffer = Buffer.alloc(0);
  let index = span.firstSegment;
  let toSkip = span.skip;
  let toSend = span.length;
  const sealedLength = (i: number) => plainLengthOf(span.size, i) + SEGMENT_OVERHEAD;
  const openNext = (sealed: Buffer): Buffer => {
    let plain: Buffer;
    try {
      plain = open(key, sealed);
    } catch {
      throw new CorruptFileError('segment failed authentication');
    }
    if (plain.length < HEADER_BYTES || plain.readUInt32BE(0) !== index) throw new CorruptFileError('segment out of order');
    if ((plain.readUInt8(4) === 1) !== (index === total - 1)) throw new CorruptFileError('segment has the wrong end marker');
    onSegment?.(index);
    index++;
    const bytes = plain.subarray(HEADER_BYTES + toSkip);
    toSkip = 0;
    const out = bytes.subarray(0, toSend);
    toSend -= out.length;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        while (index <= span.lastSegment && buffered.length >= sealedLength(index)) {
          const length = sealedLength(index);
          this.push(openNext(buffered.subarray(0, length)));
          buffered = buffered.subarray(length);
        }
        if (index > span.lastSegment && buffered.length) throw new CorruptFileError('data after the requested segments');
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      done(index > span.lastSegment ? null : new CorruptFileError('file is truncated'));
    },
  });
}
