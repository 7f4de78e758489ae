import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';

/** config → database (migrated) → optional demo seed → buildApp → listen; graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  if (process.argv.includes('--seed-demo') && config.demoMode) await seedDemoIfEmpty(database.db, config);

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Heirloom is running on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Heirloom failed to start:', error);
  }
  process.exit(1);
});
