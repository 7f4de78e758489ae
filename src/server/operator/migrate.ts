import { loadConfig } from '../config.ts';
import { describeMigrationRun, migrateDatabase, openDatabase } from '../db/client.ts';

/** `heirloom migrate` (ADR 0081): says what it applied, by name, or that there was nothing to apply (ADR 0113). */
export async function run(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    const migrated = await migrateDatabase(database);
    const said = describeMigrationRun(migrated);
    console.log(`${said[0]!.toUpperCase()}${said.slice(1)}.`);
    for (const name of migrated.applied) console.log(`  ${name}`);
    return 0;
  } finally {
    await database.close();
  }
}
