import { loadConfig } from '../../config.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { resetDemo } from './demo.ts';

/** `npm run seed`: migrate, then reset the demo users and their data to the seed. */
const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
await resetDemo(database.db);
await database.close();
console.log(`Demo data reset in ${database.kind === 'pglite' ? config.dataDir : 'the PostgreSQL database'}.`);
