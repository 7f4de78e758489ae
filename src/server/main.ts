import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { AdjustableClock } from './lib/clock.ts';

/** config → database (migrated) → optional demo seed → buildApp → listen; graceful shutdown. */
async function main() {
  const config = loadConfig();
  // E2E_CLOCK=true lets end-to-end tests move the server's clock (POST /api/v1/test/clock). Never in production.
  const e2eClock = process.env.E2E_CLOCK === 'true';
  if (e2eClock && config.env === 'production') {
    throw new ConfigError('Invalid configuration:\n  E2E_CLOCK: must not be set in production (it lets anyone move the server clock)');
  }
  const database = await openDatabase(config);
  await migrateDatabase(database);
  if (process.argv.includes('--seed-demo') && config.demoMode) await seedDemoIfEmpty(database.db, config);

  const testClock = e2eClock ? new AdjustableClock() : undefined;
  const app = await buildApp({ config, database, pollJobs: true, ...(testClock ? { clock: testClock, testClock } : {}) });
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
