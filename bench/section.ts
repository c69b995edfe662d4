/**
 * The benchmark's shape: a list of named sections, each measuring one thing and returning rows
 * of figures. Later issues add sections (search engine, lighthouse) to bench/run.ts's list.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One figure: a label, a value as printed, and the raw number when there is one (for --json). */
export interface BenchRow {
  label: string;
  value: string;
  raw?: number;
}

/** A section's result. */
export interface BenchResult {
  title: string;
  rows: BenchRow[];
  /** A budget the section checks; a failed one makes `npm run bench` exit non-zero. */
  budgets?: { label: string; ok: boolean; detail: string }[];
}

/** A benchmark section: runs with the shared context, returns its figures. */
export interface BenchSection {
  name: string;
  run: (context: BenchContext) => Promise<BenchResult>;
}

/** What every section gets: a scratch folder and the command-line options. */
export interface BenchContext {
  /** A temp folder for this run, removed afterwards unless --keep. */
  workDir: string;
  options: Record<string, string | boolean>;
  log: (line: string) => void;
}

/** Prints a section as aligned `label  value` lines under its title. */
export function formatResult({ title, rows, budgets = [] }: BenchResult): string {
  const width = Math.max(0, ...rows.map((r) => r.label.length));
  const lines = [`== ${title}`, ...rows.map((r) => `${r.label.padEnd(width)}  ${r.value}`)];
  for (const budget of budgets) lines.push(`budget ${budget.ok ? 'ok  ' : 'FAIL'}  ${budget.label}: ${budget.detail}`);
  return lines.join('\n');
}

/** Median of a list of numbers (0 for an empty list). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs one section on its own (`node --import tsx bench/<file>.ts`): in a temp folder removed
 * afterwards, logging to stderr, printing its figures.
 */
export async function runSectionAlone({ section }: { section: BenchSection }): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), `forecourt-${section.name}-`));
  try {
    console.log(formatResult(await section.run({ workDir, options: {}, log: (line) => console.error(line) })));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
