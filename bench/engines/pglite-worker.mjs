// PGlite on a worker thread: queries arrive by message, results go back by message (bench/engines).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(workerData.dataDir);
await db.waitReady;
parentPort.on('message', async ({ id, text, params }) => {
  try {
    const result = params ? await db.query(text, params) : await db.exec(text);
    parentPort.postMessage({ id, rows: Array.isArray(result) ? [] : result.rows });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
