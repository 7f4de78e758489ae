import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';

export async function run(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    console.log('The database schema is up to date.');
    return 0;
  } finally {
    await database.close();
  }
}
