import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{cli,schema,domain,search,ui,renderer,runtime,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Once per run: the migrated embedded database each test copies, and the PostgreSQL cluster each PostgreSQL test makes its database on.
    globalSetup: ['./server/db/testGlobalSetup.ts'],
    testTimeout: 30_000,
    // At least two: vitest's default in a run is one worker fewer than the cores, which on the 2-core
    // CI machine is a single worker while the main process waits (the suite took 400 s that way).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
  },
});
