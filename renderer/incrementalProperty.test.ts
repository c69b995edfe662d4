/**
 * The other half of the incremental-equals-full property (renderer/incrementalScenario.ts), in a
 * file of its own so the suite's two workers run the halves at once.
 */
import { describe } from 'vitest';
import { incrementalProperty, RUNS, SEED, withIncrementalBuilds } from './incrementalScenario.ts';

withIncrementalBuilds();

describe('incremental generate', () => {
  incrementalProperty({ runs: Math.floor(RUNS / 2), seed: SEED === undefined ? undefined : SEED + 1, of: 'the second half' });
});
