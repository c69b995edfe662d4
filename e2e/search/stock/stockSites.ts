/**
 * Four sample dealers generated at the sample feeds' build time (scripts/stock DEFAULT_NOW),
 * picked by their records so their sold windows and paths hold the cases: one with a 0-day sold
 * window, one with the default window, and the first with each of /search/subscription and
 * /search/rv among its search paths, and the first whose models fall in more than one body group. What each page should list is computed from the feeds with
 * the domain rules.
 */
import { test as base } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isShownOnSite } from '../../../domain/visibility.ts';
import { serveGeneratedSites, type ServedFixture } from '../../servedFixture.ts';
import { DEFAULT_NOW } from '../../../scripts/stock/generateStock.ts';
import type { Car } from '../../../domain/types.ts';

export const NOW = DEFAULT_NOW;
interface SampleRecord {
  slug: string;
  include_sold_cars_days?: number;
  paths?: { extra_search_paths?: string[] };
  models?: { name: string; manufacturer_body?: string | null }[];
}

/** Every sample dealer's record, by slug order. */
const RECORDS: SampleRecord[] = readdirSync('dealers', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .flatMap((slug) => {
    try {
      return [{ ...(parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as object), slug }];
    } catch {
      return [];
    }
  });

function pick(role: string, test: (record: SampleRecord) => boolean): string {
  const found = RECORDS.find(test);
  if (!found) throw new Error(`no sample dealer is ${role}`);
  return found.slug;
}

/** The sample dealer with a 0-day sold window, one with the default window, and one per item-type path. */
export const ROLES = {
  zeroWindow: pick('a dealer with a 0-day sold window', (r) => r.include_sold_cars_days === 0),
  defaultWindow: pick(
    'a dealer with the default sold window showing a car sold by its flag',
    (r) =>
      r.include_sold_cars_days === undefined &&
      feed(r.slug).some((car) => car.sold === true && car.status === 'in_stock' && isShownOnSite({ car, now: new Date(NOW), soldWindowDays: 3 })),
  ),
  subscription: pick('a dealer with /search/subscription', (r) => Boolean(r.paths?.extra_search_paths?.includes('/search/subscription'))),
  rv: pick('a dealer with /search/rv', (r) => Boolean(r.paths?.extra_search_paths?.includes('/search/rv'))),
  bodyModels: pick('a dealer whose models fall in more than one body group', (r) => new Set((r.models ?? []).map((m) => m.manufacturer_body)).size > 1),
};

/** A picked dealer's models from its record. */
export function recordModels(slug: string): { name: string; manufacturer_body?: string | null }[] {
  return RECORDS.find((r) => r.slug === slug)?.models ?? [];
}

/** The sold window of a dealer picked above (the record's, else SPEC's default of 3 days). */
export function soldWindow(slug: string): number {
  return RECORDS.find((r) => r.slug === slug)?.include_sold_cars_days ?? 3;
}

export const SLUGS = [...new Set(Object.values(ROLES))];

/** A sample dealer's stock feed. */
export function feed(slug: string): Car[] {
  return JSON.parse(readFileSync(`dealers/${slug}/stock.json`, 'utf8')) as Car[];
}

export const test = base.extend<object, { sites: ServedFixture }>({
  sites: [
    async ({}, use, workerInfo) => {
      const served = await serveGeneratedSites({
        tag: 'stock',
        workerIndex: workerInfo.workerIndex,
        builds: [{ dealersDir: 'dealers', slugs: [...SLUGS] }],
        now: NOW,
      });
      await use(served);
      await served.dispose();
    },
    { scope: 'worker', timeout: 600_000 },
  ],
});

export { expect } from '@playwright/test';
