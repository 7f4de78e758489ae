import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { verifyAuditChain } from './modules/audit-integrity/verify-audit-chain.ts';

/**
 * `npm run audit:verify` (ADR 0045): walk every audit chain of the database the server uses (same
 * DATA_DIR / DATABASE_URL) and print what was found. Exit 0 intact, 1 broken, 2 could not check.
 * With the embedded database it attaches to the server's running PostgreSQL, or starts it for the check.
 */
const config = loadConfig();
const database = await openDatabase(config);
let code = 2;
try {
  const result = await verifyAuditChain(database.db, {
    onProgress: (n) => process.stderr.write(`\rChecked ${n} entries…`),
  });
  process.stderr.write('\n');
  console.log(result.message);
  if (result.erasedRows) console.log(`${result.erasedRows} entries were erased by account deletions: their links were checked, not their content.`);
  code = result.intact ? 0 : 1;
} catch (error) {
  console.error(`Could not check the audit record: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(code);
