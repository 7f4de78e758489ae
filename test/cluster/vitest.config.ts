import { defineConfig } from 'vitest/config';

/** The two-instance test (ADR 0088): its own config, so `npx vitest run` does not pick it up. */
export default defineConfig({
  test: {
    include: ['test/cluster/*.cluster-test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
