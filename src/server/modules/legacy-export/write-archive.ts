import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Deps } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { openStoredFile, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { auditLogPages, type Legacy } from './collect-legacy.ts';
import { renderIndexHtml } from './index-html.ts';
import { ERROR_CODES } from '../../../core/errors.ts';

export interface ArchiveOwner {
  userId: string;
  estateId: string;
  name: string;
}

function* asBuffers(chunks: Iterable<string>): Generator<Buffer> {
  for (const chunk of chunks) yield Buffer.from(chunk);
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The audit log as one JSON array, read and written a page at a time. */
async function* auditLogJson(db: Db, owner: ArchiveOwner, counted: (n: number) => void): AsyncGenerator<Buffer> {
  yield Buffer.from('[\n');
  let first = true;
  let n = 0;
  for await (const page of auditLogPages(db, owner.estateId, owner.userId)) {
    for (const entry of page) {
      yield Buffer.from(`${first ? '' : ',\n'}${JSON.stringify(entry)}`);
      first = false;
      n++;
    }
  }
  counted(n);
  yield Buffer.from('\n]\n');
}

/**
 * Writes the archive straight into the FileStore: yazl pulls each stored file (decrypted as it
 * streams, opened only when its turn comes) into the zip, whose output streams through the same
 * envelope encryption as every upload. Nothing of it is ever held whole in memory.
 * `onPacked(n)` is told after each file. Returns the pending files row of the archive.
 */
export async function writeArchive(
  deps: Pick<Deps, 'db' | 'files' | 'secrets' | 'clock'>,
  owner: ArchiveOwner,
  legacy: Legacy,
  onPacked: (packed: number) => void,
): Promise<FileRow> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = deps.clock.now();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  // A file that cannot be read (or a yazl failure) ends the output with that error: storeUpload fails, the job marks the export failed.
  zip.on('error', fail);

  let packed = 0;
  for (const { file, path } of legacy.files) {
    // Media and documents are mostly compressed already: stored, not deflated again.
    zip.addReadStreamLazy(path, { mtime, compress: false, size: file.size }, (cb) => {
      openStoredFile(deps, file).then(
        (stream) => {
          stream.on('error', fail);
          stream.once('end', () => onPacked(++packed));
          cb(null, stream);
        },
        (error: unknown) => {
          fail(error);
          cb(error, Readable.from([]));
        },
      );
    });
  }

  const { files: _files, ...data } = legacy;
  zip.addBuffer(json(data.memories), 'data/memories.json', { mtime });
  zip.addBuffer(json(data.documents), 'data/documents.json', { mtime });
  zip.addBuffer(json({ secretsIncluded: data.includeSecrets, assets: data.digitalAssets }), 'data/digital-assets.json', { mtime });
  zip.addBuffer(json(data.beneficiaries), 'data/beneficiaries.json', { mtime });
  zip.addBuffer(json(data.tasks), 'data/tasks.json', { mtime });
  zip.addBuffer(json(data.appointments), 'data/appointments.json', { mtime });
  zip.addBuffer(json(data.futureMessages), 'data/future-messages.json', { mtime });
  let auditEntries = 0;
  zip.addReadStreamLazy('data/audit-log.json', { mtime }, (cb) => {
    const stream = Readable.from(auditLogJson(deps.db, owner, (n) => (auditEntries = n)));
    stream.on('error', fail);
    cb(null, stream);
  });
  // Last, so it can state how many audit entries were written.
  zip.addReadStreamLazy('index.html', { mtime }, (cb) => {
    cb(null, Readable.from(asBuffers(renderIndexHtml(legacy, { ownerName: owner.name, createdAt: mtime, auditEntries }))));
  });
  zip.end();

  return storeUpload(deps, {
    estateId: owner.estateId,
    uploadedBy: owner.userId,
    originalName: `heirloom-legacy-${mtime.toISOString().slice(0, 10)}.zip`,
    source: output,
    maxBytes: Number.MAX_SAFE_INTEGER,
    tooLarge: () => new AppError(ERROR_CODES.tooLarge, 413, 'The archive is too large.'),
    inspect: () => ({ mimeType: 'application/zip' }),
  });
}
