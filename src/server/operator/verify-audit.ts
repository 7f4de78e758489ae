import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit-integrity/verify-audit-chain.ts';
import { messageOf } from './verb.ts';

export async function run(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    const result = await verifyAuditChain(database.db, {
      onProgress: (n) => process.stderr.write(`\rChecked ${n} entries…`),
    });
    process.stderr.write('\n');
    console.log(result.message);
    if (result.erasedRows) console.log(`${result.erasedRows} entries were erased by account deletions: their links were checked, not their content.`);
    return result.intact ? 0 : 1;
  } catch (error) {
    console.error(`Could not check the audit record: ${messageOf(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}
