import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { describeMigrationRun, migrateDatabase, openDatabase } from './db/client.ts';
import { chainUnchainedAuditRows } from './lib/audit-chain.ts';
import { AdjustableClock } from './lib/clock.ts';
import { loadMasterKey } from './lib/crypto.ts';
import { checkMasterKey } from './lib/master-key-fingerprint.ts';
import { loadDemoSeed } from './demo-seed.ts';
import { describeSetup, setupLine } from './setup-summary.ts';
import { SHUTDOWN_LIMITS, shutDownGracefully } from './shutdown.ts';

/**
 * config → database (migrated) → demo seed (demo mode) → buildApp → listen; graceful shutdown
 * on SIGTERM/SIGINT (shutdown.ts).
 * Demo mode is an explicit choice: the `--demo` flag (what `npm start` passes) or DEMO_MODE=true.
 */
async function main() {
  const config = loadConfig(process.env, process.argv.includes('--demo') ? { demoMode: true } : {});
  if (config.demoMode && config.env === 'production') {
    throw new ConfigError('Invalid configuration:\n  --demo: demo mode cannot run in production (its accounts share a published password)');
  }
  // E2E_CLOCK=true lets end-to-end tests move the server's clock (POST /api/v1/test/clock). Never in production.
  const e2eClock = process.env.E2E_CLOCK === 'true';
  if (e2eClock && config.env === 'production') {
    throw new ConfigError('Invalid configuration:\n  E2E_CLOCK: must not be set in production (it lets anyone move the server clock)');
  }
  // TEST_PAUSE_AFTER_COMMIT=true holds every change's notices after its commit, forever: the crash
  // test (notices-crash.test.ts) kills the process there. Never in production.
  const pauseAfterCommit = process.env.TEST_PAUSE_AFTER_COMMIT === 'true';
  if (pauseAfterCommit && config.env === 'production') {
    throw new ConfigError('Invalid configuration:\n  TEST_PAUSE_AFTER_COMMIT: must not be set in production (it stops every notice from being sent)');
  }
  const database = await openDatabase(config);
  const migrated = await migrateDatabase(database);
  // Rows from before the audit chain existed become each chain's start (ADR 0045).
  await chainUnchainedAuditRows(database.db);
  try {
    await checkMasterKey(database.db, loadMasterKey(config.masterKey, config.dataDir), config.masterKey ? 'MASTER_KEY' : `The master key in ${path.join(config.dataDir, 'master.key')}`);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (config.demoMode) await (await loadDemoSeed()).seedDemoIfEmpty(database.db, config);

  const testClock = e2eClock ? new AdjustableClock() : undefined;
  const app = await buildApp({
    config,
    database,
    pollJobs: true,
    ...(testClock ? { clock: testClock, testClock } : {}),
    ...(pauseAfterCommit ? { pauseAfterCommit: holdAfterCommit } : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, inFlight: app.inFlight.count }, 'shutting down: steering new requests away, then no new connections; finishing requests and jobs');
    // Past every bound the process must still end (a stuck close would outlive a supervisor's grace period).
    setTimeout(() => process.exit(1), SHUTDOWN_LIMITS.graceMs + SHUTDOWN_LIMITS.drainMs + SHUTDOWN_LIMITS.settleMs + 15_000).unref();
    try {
      await shutDownGracefully(app, database, SHUTDOWN_LIMITS);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const setup = describeSetup(config, database);
  app.log.info({ setup }, setupLine(setup));
  app.log.info({ migrations: migrated }, describeMigrationRun(migrated));
  if (config.demoMode) {
    app.log.warn('DEMO MODE is on: the persona selector signs anyone in as the demo users, whose password is published. Never use it for real data.');
  }
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

/** Says it has committed and holds the notices until the process is killed (TEST_PAUSE_AFTER_COMMIT). */
function holdAfterCommit(): Promise<void> {
  process.stderr.write('TEST_PAUSE_AFTER_COMMIT: committed, notices held\n');
  return new Promise(() => undefined);
}
