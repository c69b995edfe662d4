/**
 * A vitest reporter that writes the run's unhandled errors (a rejection nobody awaited, an error
 * thrown after its test ended, a worker that died) to a JSON file. Vitest fails the run for them
 * but its JSON report counts only tests, so CI's summary (scripts/summariseTests.mjs) reads this
 * file to count and name them. The file is `VITEST_UNHANDLED_JSON` (default
 * `.tmp/vitest-unhandled.json`); it is written on every run, empty when there were none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter } from 'vitest/reporters';

type RunEnd = NonNullable<Reporter['onTestRunEnd']>;

/** What the summary prints of one error: its name, message and the first lines of its stack. */
interface UnhandledError {
  name: string;
  message: string;
  stack: string;
}

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(...[, unhandledErrors]: Parameters<RunEnd>): void {
    const file = process.env.VITEST_UNHANDLED_JSON ?? '.tmp/vitest-unhandled.json';
    const errors: UnhandledError[] = unhandledErrors.map((error) => ({
      name: String(error.name ?? 'Error'),
      message: String(error.message ?? ''),
      stack: String(error.stack ?? '')
        .split('\n')
        .slice(0, 8)
        .join('\n'),
    }));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
