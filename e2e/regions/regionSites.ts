/**
 * The region tests' dealers, chosen by the record's `region` field, never by slug: every sample
 * dealer of dealers/ (and of fixtures/regions/dealers) whose region is NZ or US, plus the
 * smallest Australian sample dealer for SPEC's own postcode message. They are generated into a
 * temp folder and served in this worker on a throwaway database (e2e/servedFixture.ts).
 */
import { test as base, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { serveGeneratedSites, type FixtureBuild } from '../servedFixture.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';
import type { DealerRecord } from '../../domain/site.ts';

/** Where dealer records are looked for. */
export const DEALER_DIRS = ['dealers', 'fixtures/regions/dealers'];
/** Build time of the sites. */
export const NOW = '2025-06-10T00:00:00Z';

/** A served dealer. */
export interface RegionSite {
  slug: string;
  url: string;
  out: string;
  record: DealerRecord;
  stock: { id: number; slug: string; status: string; km?: number }[];
}

/** What a test gets. */
export interface RegionSites {
  /** Every served dealer of the region ('AU' is the smallest Australian sample dealer). */
  of(region: 'AU' | 'NZ' | 'US'): RegionSite[];
  leads(slug: string): Promise<StoredLead[]>;
}

interface Found {
  slug: string;
  dir: string;
  record: DealerRecord;
  stock: RegionSite['stock'];
  size: number;
}

function records(dir: string): Found[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'dealer.yaml')))
    .map((name) => {
      const stockFile = join(dir, name, 'stock.json');
      return {
        slug: name,
        dir,
        record: parse(readFileSync(join(dir, name, 'dealer.yaml'), 'utf8')) as DealerRecord,
        stock: existsSync(stockFile) ? (JSON.parse(readFileSync(stockFile, 'utf8')) as RegionSite['stock']) : [],
        size: existsSync(stockFile) ? statSync(stockFile).size : 0,
      };
    });
}

const regionOf = (record: DealerRecord) => record.region ?? 'AU';

export const test = base.extend<object, { regions: RegionSites }>({
  regions: [
    async ({}, use, workerInfo) => {
      const all = DEALER_DIRS.flatMap(records);
      const abroad = all.filter((r) => regionOf(r.record) !== 'AU');
      const au = all.filter((r) => r.dir === 'dealers' && regionOf(r.record) === 'AU' && r.stock.length > 0).sort((a, b) => a.size - b.size)[0];
      const chosen = [...abroad, ...(au ? [au] : [])];
      const builds: FixtureBuild[] = DEALER_DIRS.map((dealersDir) => ({
        dealersDir,
        slugs: chosen.filter((c) => c.dir === dealersDir).map((c) => c.slug),
      })).filter((b) => b.slugs.length > 0);
      const served = await serveGeneratedSites({ tag: 'regions', workerIndex: workerInfo.workerIndex, builds, now: NOW });
      try {
        const sites = chosen.map((c) => ({ slug: c.slug, url: served.url(c.slug), out: join(served.out, c.slug), record: c.record, stock: c.stock }));
        await use({
          of: (region) => sites.filter((s) => regionOf(s.record) === region),
          leads: (slug) => listLeads({ db: served.running.db, slug }),
        });
      } finally {
        await served.dispose();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

export { expect };
