/**
 * The `import` section: `forecourt import` of a messy 5,000-row and 20,000-row DMS CSV (the
 * tests' seeded generator), each in a fresh process, against the budgets: 5,000 rows
 * <= 1 s, 20,000 <= 4 s, peak memory <= 300 MB. The time is the import alone (read, parse,
 * map, reconcile, validate, write), not Node's start-up. The budget is on the import's CPU time
 * (user + system): on the shared 2-core machine the wall clock measures the neighbours' load
 * (printed beside it), while CPU time is what the import itself costs.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { messyCsv, messyRows } from '../fixtures/import/messyCsv.ts';
import type { BenchSection } from './section.ts';

const BUDGETS = [
  { rows: 5_000, seconds: 1 },
  { rows: 20_000, seconds: 4 },
];
const PEAK_MB = 300;
const CHILD = resolve(import.meta.dirname, 'importChild.ts');

/** The import section of `npm run bench`. */
export const importSection: BenchSection = {
  name: 'import',
  run: async ({ workDir, log }) => {
    const runs: { rows: number; status: string; ms: number; cpuMs: number; peakMb: number }[] = [];
    for (const { rows } of BUDGETS) {
      const dealerDir = join(workDir, `import-${rows}`);
      await mkdir(dealerDir, { recursive: true });
      await writeFile(join(dealerDir, 'inventory.csv'), messyCsv(messyRows({ count: rows })).text);
      log(`importing ${rows} rows`);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, dealerDir, String(rows)], { maxBuffer: 1 << 20 });
      runs.push(JSON.parse(stdout.trim().split('\n').at(-1)!));
    }
    const peak = Math.max(...runs.map((run) => run.peakMb));
    return {
      title: 'import (messy DMS CSV, fresh process each)',
      rows: [
        ...runs.map((run) => ({
          label: `${run.rows} rows`,
          value: `${(run.cpuMs / 1000).toFixed(2)} s CPU, ${(run.ms / 1000).toFixed(2)} s wall (${run.status}, ${((run.cpuMs / run.rows) * 1000).toFixed(0)} µs CPU a row)`,
          raw: run.cpuMs,
        })),
        { label: 'per-row CPU 20,000 / 5,000', value: `${(runs[1].cpuMs / runs[1].rows / (runs[0].cpuMs / runs[0].rows)).toFixed(2)}x (1.00 is linear)` },
        { label: 'peak memory', value: `${peak.toFixed(0)} MB`, raw: peak },
      ],
      budgets: [
        ...runs.map((run, i) => ({
          label: `import ${run.rows} rows <= ${BUDGETS[i].seconds} s (CPU)`,
          ok: run.status === 'imported' && run.cpuMs <= BUDGETS[i].seconds * 1000,
          detail: `${(run.cpuMs / 1000).toFixed(2)} s`,
        })),
        { label: `import peak memory <= ${PEAK_MB} MB`, ok: peak <= PEAK_MB, detail: `${peak.toFixed(0)} MB` },
      ],
    };
  },
};
