import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first: a fresh clone (CI) has no timing cache, and vitest
 * then runs files in glob order, so the incremental property test (minutes on its own) started
 * after a minute of others and was the suite's tail. Its two halves start at once, one per worker.
 */
const LONGEST_FIRST = ['renderer/incremental.test.ts', 'renderer/incrementalProperty.test.ts', 'cli/serveCrash.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['{cli,importer,schema,domain,search,ui,renderer,runtime,server,net,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Once per run: the migrated embedded database each test copies, and the PostgreSQL cluster each PostgreSQL test makes its database on.
    globalSetup: ['./server/db/testGlobalSetup.ts'],
    testTimeout: 30_000,
    // At least two: vitest's default in a run is one worker fewer than the cores, which on the 2-core
    // CI machine is a single worker while the main process waits (the suite took 400 s that way).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
  },
});
