/**
 * One `forecourt import` of a generated CSV in a process of its own (bench/importBench.ts runs
 * it, after writing the CSV), so its peak memory is the import's alone. Prints one JSON line: rows, status, wall and CPU ms, peak RSS.
 *
 *   node --import tsx bench/importChild.ts <dealer folder> <rows>
 */
import { MESSY_MAP } from '../fixtures/import/messyCsv.ts';
import { runImport } from '../importer/runImport.ts';
import { addressPolicy } from '../net/addressPolicy.ts';
import type { Feed } from '../schema/resolved.generated.ts';

const [dealerDir, count] = [process.argv[2], Number(process.argv[3])];
const feed: NonNullable<Feed> = {
  source: { file: 'inventory.csv', headers: {}, timeout_seconds: 30, max_bytes: 1 << 30, retries: 0 },
  format: 'csv',
  encoding: 'utf-8',
  records: null,
  preset: null,
  map: MESSY_MAP as unknown as NonNullable<Feed>['map'],
  max_rejected_percent: 10,
  max_shrink_percent: 50,
};
const started = performance.now();
const cpuBefore = process.cpuUsage();
const result = await runImport({
  dealerDir,
  dealer: { slug: 'bench-motors', dealer_id: 1, timezone: 'America/Los_Angeles', feed },
  now: new Date('2026-03-01T00:00:00Z'),
  policy: addressPolicy({ allow: '' }),
  env: {},
});
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
// maxRSS is in kilobytes: the process's peak resident memory, generator and parser included.
console.log(JSON.stringify({ rows: count, status: result.status, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: process.resourceUsage().maxRSS / 1024 }));
