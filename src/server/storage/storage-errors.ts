import type { FileStore, StoredObject } from './file-store.ts';

/** What the log says about a failure of the file store (ADR 0082): which store and what it was doing. */
export interface StorageFailure {
  kind: FileStore['kind'];
  operation: string;
}

const FAILURE = Symbol('storageFailure');

function mark(error: unknown, failure: StorageFailure): unknown {
  if (error && typeof error === 'object' && !(FAILURE in error)) Object.defineProperty(error, FAILURE, { value: failure });
  return error;
}

/** The store and operation an error came from, when it came from the file store. */
export function storageFailureOf(error: unknown): StorageFailure | undefined {
  return error && typeof error === 'object' && FAILURE in error ? (error as { [FAILURE]: StorageFailure })[FAILURE] : undefined;
}

/**
 * The same store, its errors marked as the store's: an S3 or disk error carries a `code`
 * (ECONNREFUSED, ENOENT) that the log once took for the database's. The error itself is rethrown
 * unchanged, so callers' checks on it still hold.
 */
export function markingStorageErrors(store: FileStore): FileStore {
  const { kind } = store;
  const guard = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw mark(error, { kind, operation });
    }
  };
  return {
    kind,
    put: (key, body) => guard('put', () => store.put(key, body)),
    get: (key) => guard('get', () => store.get(key)),
    getRange: (key, start, end) => guard('getRange', () => store.getRange(key, start, end)),
    move: (from, to) => guard('move', () => store.move(from, to)),
    delete: (key) => guard('delete', () => store.delete(key)),
    check: () => guard('check', () => store.check()),
    async *list(prefix): AsyncIterable<StoredObject> {
      try {
        yield* store.list(prefix);
      } catch (error) {
        throw mark(error, { kind, operation: 'list' });
      }
    },
  };
}
