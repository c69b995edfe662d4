import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{cli,schema,domain,search,ui,renderer,runtime,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Once per run: the migrated embedded database each test copies, and the PostgreSQL cluster each PostgreSQL test makes its database on.
    globalSetup: ['./server/db/testGlobalSetup.ts'],
    testTimeout: 30_000,
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
  },
});
