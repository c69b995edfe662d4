/**
 * The shopper tests' own dealer site: fixtures/shopper/dealers/shopper-motors generated into a
 * temp folder and served in this worker with `startServe` (cli/serve.ts) on a throwaway state
 * directory, so each test can read the stored leads straight from the lead database while the
 * server runs (the embedded database is single-process: the server's own handle is the way in).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_NOW } from '../fixtureSet.ts';
import { serveGeneratedSites } from '../servedFixture.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';

/** The fixture dealer. */
export const SLUG = 'shopper-motors';
/** Build time of the fixture site (the sold car is inside its sold window). */
export const NOW = FIXTURE_NOW;

/** Cars of fixtures/shopper/dealers/shopper-motors/stock.json. */
export const CARS = {
  corolla: { id: 9001, path: '/cars/2022-toyota-corolla-9001', name: '2022 Toyota Corolla Ascent Sport', make: 'Toyota', model: 'Corolla' },
  rav4: { id: 9002, path: '/cars/2025-toyota-rav4-9002', make: 'Toyota', model: 'RAV4' },
  cx5: { id: 9003, path: '/cars/2024-mazda-cx-5-9003', make: 'Mazda', model: 'CX-5' },
  ranger: { id: 9004, path: '/cars/2021-ford-ranger-9004', make: 'Ford', model: 'Ranger' },
  sold: { id: 9005, path: '/cars/2018-hyundai-i30-9005', make: 'Hyundai' },
} as const;

/** What a test gets: the site's URL and its stored leads. */
export interface Shop {
  url: string;
  leads(): Promise<StoredLead[]>;
  /** Leads whose email is `email` (each test types its own). */
  leadsOf(email: string): Promise<StoredLead[]>;
  phoneReveals(): Promise<Record<string, unknown>[]>;
  /** Whether generate wrote site-config.json (the lead server's per-dealer settings). */
  hasSiteConfig: boolean;
}

export const test = base.extend<object, { shop: Shop }>({
  shop: [
    async ({}, use, workerInfo) => {
      const served = await serveGeneratedSites({
        tag: 'shopper',
        workerIndex: workerInfo.workerIndex,
        builds: [{ dealersDir: 'fixtures/shopper/dealers', slugs: [SLUG] }],
        now: NOW,
      });
      try {
        const db = served.running.db;
        await use({
          url: served.url(SLUG),
          leads: () => listLeads({ db, slug: SLUG }),
          leadsOf: async (email) => (await listLeads({ db, slug: SLUG })).filter((lead) => lead.payload.email === email),
          phoneReveals: async () => (await db.query<Record<string, unknown>>('SELECT * FROM phone_reveals ORDER BY id')).rows,
          hasSiteConfig: existsSync(join(served.out, SLUG, 'site-config.json')),
        });
      } finally {
        await served.dispose();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };
export { fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';

/**
 * Keeps every window.dataLayer push of the tab in sessionStorage ('e2e_events'), so events pushed
 * just before a form moves to /success can still be read there. Call before the first goto.
 */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem('e2e_events') ?? '[]') as unknown[];
      sessionStorage.setItem('e2e_events', JSON.stringify([...kept, ...items]));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

/** Events recorded by recordEvents in this tab so far. */
export function events(page: Page): Promise<{ event_id?: number; event?: string }[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e_events') ?? '[]') as { event_id?: number; event?: string }[]);
}
