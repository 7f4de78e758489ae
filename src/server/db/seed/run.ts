import { loadConfig } from '../../config.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { chainUnchainedAuditRows } from '../../lib/audit-chain.ts';
import { resetDemo } from './demo.ts';

/** `npm run seed`: migrate, then reset the demo users and their data to the seed. Never in production. */
const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo data: NODE_ENV is production. Demo accounts share a published password.');
  process.exit(1);
}
const database = await openDatabase(config);
await migrateDatabase(database);
await chainUnchainedAuditRows(database.db);
await resetDemo(database.db);
await database.close();
console.log(`Demo data reset in ${database.kind === 'embedded' ? config.dataDir : 'the PostgreSQL database'}.`);
