/**
 * `npm run bench`: runs each benchmark section and prints its figures.
 *
 *   npm run bench -- [--only generate] [--dealer <slug>] [--count 5000] [--large-count 20000] [--photo-cars 300] [--skip-lighthouse] [--from dealers] [--stock FEED] [--json FILE] [--keep]
 *
 * Sections are a list: later issues append theirs (search engine, lighthouse, delivery).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatResult, type BenchResult, type BenchSection } from './section.ts';
import { generateSection } from './generateBench.ts';
import { searchPageSection } from './searchPage.ts';
import { consentSection } from './consentBench.ts';
import { searchEngineSection } from './search.ts';
import { lighthouseSection } from './lighthouse.ts';
import { deliverySection } from './delivery.ts';
import { importSection } from './importBench.ts';
import { photosSection } from './photosBench.ts';

/** Every section, in the order they run. */
export const SECTIONS: BenchSection[] = [
  generateSection,
  searchPageSection,
  consentSection,
  searchEngineSection,
  lighthouseSection,
  deliverySection,
  importSection,
  photosSection,
];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    dealer: { type: 'string' },
    count: { type: 'string' },
    from: { type: 'string' },
    stock: { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'large-count': { type: 'string' },
    'photo-cars': { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});

const workDir = await mkdtemp(join(tmpdir(), 'forecourt-bench-'));
const results: BenchResult[] = [];
let failed = false;
try {
  for (const section of SECTIONS) {
    if (values.only && !values.only.split(',').includes(section.name)) continue;
    try {
      const result = await section.run({
        workDir,
        options: values as Record<string, string | boolean>,
        log: (line) => console.error(`[${section.name}] ${line}`),
      });
      results.push(result);
      console.log(`${formatResult(result)}\n`);
      if (result.budgets?.some((b) => !b.ok)) failed = true;
    } catch (error) {
      failed = true;
      console.error(`section ${section.name} failed: ${(error as Error).message}`);
      for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause) console.error(`    caused by: ${cause.message}`);
    }
  }
  if (values.json) await writeFile(values.json, JSON.stringify(results, null, 2));
} finally {
  if (values.keep) console.error(`kept ${workDir}`);
  else await rm(workDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
