/**
 * The shopper tests' own dealer site: fixtures/shopper/dealers/shopper-motors generated into a
 * temp folder and served in this worker with `startServe` (cli/serve.ts) on a throwaway state
 * directory, so each test can read the stored leads straight from the lead database while the
 * server runs (the embedded database is single-process: `forecourt leads` cannot open it then).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '../../cli/serve.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';

/** The fixture dealer. */
export const SLUG = 'shopper-motors';
/** Build time of the fixture site (the sold car is inside its sold window). */
export const NOW = '2025-06-10T00:00:00Z';

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
      const dir = mkdtempSync(join(tmpdir(), `forecourt-shopper-${workerInfo.workerIndex}-`));
      const out = join(dir, 'out');
      execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', SLUG, '--dealers', 'fixtures/shopper/dealers', '--out', out, '--now', NOW], { stdio: 'pipe' });
      let running: RunningServe | null = null;
      try {
        running = await startServe({ slugs: [SLUG], outDir: out, port: 0, stateDir: join(dir, 'state'), warn: () => {} });
        const db = running.db;
        const url = running.sites[0].url.replace(/\/$/, '');
        await use({
          url,
          leads: () => listLeads({ db, slug: SLUG }),
          leadsOf: async (email) => (await listLeads({ db, slug: SLUG })).filter((lead) => lead.payload.email === email),
          phoneReveals: async () => (await db.query<Record<string, unknown>>('SELECT * FROM phone_reveals ORDER BY id')).rows,
          hasSiteConfig: existsSync(join(out, SLUG, 'site-config.json')),
        });
      } finally {
        await running?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };

/** A unique email per test, so leads of parallel tests never mix. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

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

/** Waits until every island on the page has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island][data-when="load"]')].every((el) => el.hasAttribute('data-hydrated')));
}

/** Fills the contact details every form has. */
export async function fillContact(scope: Page | ReturnType<Page['locator']>, values: { name: string; last_name: string; email: string; phone: string; postcode: string }) {
  await scope.getByLabel('First Name').fill(values.name);
  await scope.getByLabel('Last Name').fill(values.last_name);
  await scope.getByLabel('Email Address').fill(values.email);
  await scope.getByLabel('Mobile Number').fill(values.phone);
  await scope.getByLabel('Postcode').fill(values.postcode);
}
