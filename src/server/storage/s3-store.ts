import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DEFAULT_S3_TIMEOUT_MS, type Config } from '../config.ts';
import { assertKey, type FileStore } from './file-store.ts';

/** S3 needs parts of at least 5 MiB (but the last); this is what one upload holds in memory at most. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

type S3Config = NonNullable<Config['s3']>;

/** Reads a stream in pieces of exactly `size` bytes (the last may be shorter). */
async function* pieces(body: Readable, size: number): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let buf = chunk as Buffer;
    while (length + buf.length >= size) {
      const take = size - length;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      length = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      pending.push(buf);
      length += buf.length;
    }
  }
  if (length || pending.length === 0) yield Buffer.concat(pending);
}

/** One retry: a transient failure is tried again, a frozen store costs two timeouts, not three. */
export const S3_MAX_ATTEMPTS = 2;
/** A server-side copy or the completion of a multipart upload of a 2 GB video may be silent this long. */
export const S3_SLOW_OPERATION_MS = 10 * 60_000;
/** A download whose reader paused (a video on hold) may leave the store's socket idle this long. */
export const S3_PAUSED_DOWNLOAD_MS = 5 * 60_000;

function s3Client(config: S3Config, connectMs: number, idleMs: number): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: S3_MAX_ATTEMPTS,
    // ADR 0086: connecting, and any stretch with no byte sent or received, is bounded; without it a
    // frozen store held every download and upload for minutes.
    requestHandler: { connectionTimeout: connectMs, socketTimeout: idleMs },
  });
}

/** The body's socket may now idle as long as its reader pauses (the store answered, it is not frozen). */
function readerPaced(body: Readable): Readable {
  (body as Readable & { socket?: { setTimeout(ms: number): void } }).socket?.setTimeout(S3_PAUSED_DOWNLOAD_MS);
  return body;
}

/**
 * An S3-compatible bucket. Uploads stream: a blob smaller than one part is a single PUT, anything
 * larger a multipart upload of 8 MiB parts (aborted on failure), so a large video never sits whole
 * in memory. "Move" is copy + delete, as S3 has no rename. Every request is bounded by S3_TIMEOUT_MS
 * of silence, except the copy and the multipart completion, which a store may work on silently.
 */
export function createS3Store(config: S3Config): FileStore {
  const timeoutMs = config.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const client = s3Client(config, timeoutMs, timeoutMs);
  const slowClient = s3Client(config, timeoutMs, Math.max(timeoutMs, S3_SLOW_OPERATION_MS));
  const Bucket = config.bucket;

  return {
    kind: 's3',
    async put(key, body) {
      const Key = assertKey(key);
      const parts = pieces(body, S3_PART_BYTES)[Symbol.asyncIterator]();
      const first = await parts.next();
      const firstBuf = first.done ? Buffer.alloc(0) : first.value;
      const second = await parts.next();
      if (second.done) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: firstBuf, ContentLength: firstBuf.length }));
        return;
      }
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      if (!UploadId) throw new Error('S3 did not start a multipart upload');
      try {
        const done: { ETag: string; PartNumber: number }[] = [];
        const send = async (part: Buffer) => {
          const PartNumber = done.length + 1;
          const res = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
          done.push({ ETag: res.ETag ?? '', PartNumber });
        };
        await send(firstBuf);
        await send(second.value);
        for (let next = await parts.next(); !next.done; next = await parts.next()) await send(next.value);
        await slowClient.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return readerPaced(res.Body);
    },
    async getRange(key, start, end) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key), Range: `bytes=${start}-${end}` }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return readerPaced(res.Body);
    },
    async move(from, to) {
      await slowClient.send(
        new CopyObjectCommand({ Bucket, Key: assertKey(to), CopySource: `${Bucket}/${encodeURIComponent(assertKey(from)).replace(/%2F/g, '/')}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of res.Contents ?? []) {
          if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
