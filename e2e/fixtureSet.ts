/**
 * The fixture dealers the browser suites serve, generated ONCE per run by the global setup
 * (e2e/globalSetup.ts) into one folder, instead of once per worker: the shopper, money and
 * variant fixtures and the sample dealers, all at one build time. A suite that needs other
 * builds still generates its own (e2e/servedFixture.ts falls back to that).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import type { FixtureBuild } from './servedFixture.ts';
import { join } from 'node:path';
import { writeSearchUiDealers } from '../fixtures/searchui/writeDealers.ts';
import { SERVERS_FILE } from './sites.ts';

/** Build time of every fixture site (the shopper's sold car is inside its window; special hours are after it). */
export const FIXTURE_NOW = '2025-06-10T00:00:00Z';

/** The dealer folders generated, each in full. */
export const FIXTURE_DEALER_DIRS = ['fixtures/shopper/dealers', 'fixtures/money/dealers', 'fixtures/regions/dealers', 'fixtures/measure/dealers', 'dealers'];

/** What the global setup generated: the folder and what is in it. */
export interface GeneratedFixtures {
  out: string;
  now: string;
  dealersDirs: string[];
}

/** Generates the fixture dealer folders (default: all of them) into `out`, one `forecourt generate` per folder. */
export async function generateFixtures({ out, dealersDirs = FIXTURE_DEALER_DIRS }: { out: string; dealersDirs?: string[] }): Promise<GeneratedFixtures> {
  for (const dealersDir of dealersDirs) {
    if (!existsSync(dealersDir)) continue;
    await run(['bin/forecourt.mjs', 'generate', '--dealers', dealersDir, '--out', out, '--now', FIXTURE_NOW]);
  }
  return { out, now: FIXTURE_NOW, dealersDirs: dealersDirs.filter((dir) => existsSync(dir)) };
}

/** Writes the search fixture dealers (fixtures/searchui) under `dir` and generates them into `out`; returns their slugs. */
export async function generateSearchFixtures({ dir, out }: { dir: string; out: string }): Promise<string[]> {
  const dealersDir = join(dir, 'search-dealers');
  const slugs = writeSearchUiDealers({ dir: dealersDir, now: new Date(FIXTURE_NOW) });
  await run(['bin/forecourt.mjs', 'generate', '--dealers', dealersDir, '--out', out, '--now', FIXTURE_NOW]);
  return slugs;
}

/** Where this run's search fixture sites were generated, or null (no global setup ran yet). */
export function searchFixturesOut(): string | null {
  if (!existsSync(SERVERS_FILE)) return null;
  const { searchOut } = JSON.parse(readFileSync(SERVERS_FILE, 'utf8')) as { searchOut?: string };
  return searchOut && existsSync(searchOut) ? searchOut : null;
}

/** The fixtures this run's global setup generated, or null (no global setup ran). */
export function generatedFixtures(): GeneratedFixtures | null {
  if (!existsSync(SERVERS_FILE)) return null;
  const { fixtures } = JSON.parse(readFileSync(SERVERS_FILE, 'utf8')) as { fixtures?: GeneratedFixtures };
  return fixtures && existsSync(fixtures.out) ? fixtures : null;
}

/** Whether `builds` at `now` are all inside what was generated. */
export function coveredBy({ fixtures, builds, now }: { fixtures: GeneratedFixtures; builds: FixtureBuild[]; now: string }): boolean {
  return fixtures.now === now && builds.every((build) => fixtures.dealersDirs.includes(build.dealersDir));
}

/** Runs node with `args`, without blocking the global setup's other work (the sample dealers' server starts meanwhile). */
async function run(args: string[]): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, { cause: error });
  }
}
