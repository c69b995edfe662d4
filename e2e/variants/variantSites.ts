/**
 * The variant tests' dealers, chosen by RECORD FIELDS, never by slug: the sample dealers of
 * dealers/ first, then the variant fixtures of fixtures/money/dealers. Both folders are generated
 * into a temp folder and served in this worker (throwaway state), and `pick` returns the first
 * served dealer whose record matches.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FIXTURE_NOW } from '../fixtureSet.ts';
import { serveGeneratedSites, type FixtureBuild } from '../servedFixture.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';
import type { DealerRecord } from '../../domain/site.ts';

/** Where dealer records are looked for, in order of preference. */
export const DEALER_DIRS = ['dealers', 'fixtures/money/dealers'];
/** Build time (special hours in the fixtures are after it). */
export const NOW = FIXTURE_NOW;

/** A served dealer. */
export interface Served {
  slug: string;
  url: string;
  record: DealerRecord;
  stock: { id: number; slug: string; status: string }[];
}

/** What a test gets. */
export interface Variants {
  /**
   * The first served dealer whose record satisfies `match` (fails the test when none does);
   * `withCars` skips dealers whose site has no car page (a sample dealer without its stock feed).
   */
  pick(what: string, match: (record: DealerRecord) => boolean, options?: { withCars?: boolean }): Served;
  leads(slug: string): Promise<StoredLead[]>;
}

function records(dir: string): { slug: string; record: DealerRecord; stock: Served['stock'] }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'dealer.yaml')))
    .map((name) => {
      const stockFile = join(dir, name, 'stock.json');
      return {
        slug: name,
        record: parse(readFileSync(join(dir, name, 'dealer.yaml'), 'utf8')) as DealerRecord,
        stock: existsSync(stockFile) ? (JSON.parse(readFileSync(stockFile, 'utf8')) as Served['stock']) : [],
      };
    });
}

export const test = base.extend<object, { variants: Variants }>({
  variants: [
    async ({}, use, workerInfo) => {
      // Sample dealers first; a fixture dealer only where no sample dealer has its slug.
      const known: { slug: string; record: DealerRecord; stock: Served['stock'] }[] = [];
      const builds: FixtureBuild[] = [];
      for (const dealersDir of DEALER_DIRS) {
        const found = records(dealersDir).filter((r) => !known.some((k) => k.slug === r.slug));
        if (!found.length) continue;
        builds.push({ dealersDir, slugs: found.map((r) => r.slug) });
        known.push(...found);
      }
      const served = await serveGeneratedSites({ tag: 'variants', workerIndex: workerInfo.workerIndex, builds, now: NOW });
      try {
        const { sites, db } = served.running;
        await use({
          pick: (what, match, { withCars = false } = {}) => {
            const hasCars = (slug: string) =>
              existsSync(join(served.out, slug, 'cars')) && readdirSync(join(served.out, slug, 'cars')).some((name) => name !== 'trade-in');
            const hit = known.find((k) => sites.some((s) => s.slug === k.slug) && match(k.record) && (!withCars || hasCars(k.slug)));
            if (!hit) throw new Error(`No served dealer record has ${what}`);
            return { ...hit, url: served.url(hit.slug) };
          },
          leads: (slug) => listLeads({ db, slug }),
        });
      } finally {
        await served.dispose();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };
export { hydrated } from '../pageHelpers.ts';

/**
 * The path of a car for sale on a served site: its stock feed's first in-stock car when the
 * record folder has one, else the first car page of its sitemap that is not marked sold.
 */
export async function inStockCarPath(page: Page, served: Served): Promise<string> {
  const car = served.stock.find((c) => c.status === 'in_stock');
  if (car) return `/cars/${car.slug}`;
  const sitemap = await (await page.request.get(`${served.url}/sitemap.xml`)).text();
  const paths = [...new Set([...sitemap.matchAll(/https?:\/\/[^<]*?(\/cars\/[^/<]+)<\/loc>/g)].map((m) => m[1]))].filter((p) => p !== '/cars/trade-in');
  for (const path of paths) {
    const html = await (await page.request.get(`${served.url}${path}`)).text();
    if (!html.includes('This car has been sold')) return path;
  }
  throw new Error(`${served.slug} has no car for sale`);
}
