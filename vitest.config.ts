import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{cli,schema,domain,search,ui,renderer,runtime,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One migrated embedded database per run, copied for each test database (server/db/testTemplate.ts).
    globalSetup: ['./server/db/testTemplateSetup.ts'],
    testTimeout: 30_000,
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
  },
});
