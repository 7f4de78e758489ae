import type { Config } from './config.ts';
import { ConfigError } from './config.ts';
import type { Db } from './db/client.ts';

interface DemoSeed {
  seedDemoIfEmpty(db: Db, config: Config): Promise<void>;
}

/**
 * The demo seed is built with the test factories and faker, so it is not part of the production
 * build: `npm run build` bundles it on its own into dist/demo/seed.js (`build:demo`), and the server
 * loads it only in demo mode. From the source (tsx) it is the seed's own file.
 */
export async function loadDemoSeed(): Promise<DemoSeed> {
  const built = !import.meta.url.endsWith('.ts');
  const seed = built ? new URL('../../../demo/seed.js', import.meta.url) : new URL('./db/seed/demo.ts', import.meta.url);
  try {
    return (await import(seed.href)) as DemoSeed;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'Invalid configuration:\n  --demo: this installation has no demo data (it is built by `npm run build` into dist/demo and needs the development dependencies)',
    );
  }
}
