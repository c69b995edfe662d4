import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{cli,schema,domain,search,ui,renderer,runtime,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
  },
});
