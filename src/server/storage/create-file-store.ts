import type { Config } from '../config.ts';
import { createDiskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { createS3Store } from './s3-store.ts';
import { markingStorageErrors } from './storage-errors.ts';

/** The store the config asks for: S3-compatible when `config.s3` is set, else DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return markingStorageErrors(config.s3 ? createS3Store(config.s3) : createDiskStore(`${config.dataDir}/files`));
}
