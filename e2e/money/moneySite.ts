/**
 * The money tests' own dealer site: fixtures/money/dealers/money-motors generated into a temp
 * folder and served in this worker (cli/serve.ts startServe, throwaway state directory), so each
 * test reads the stored leads, valuations, events and reservations straight from the database.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '../../cli/serve.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';

/** The fixture dealers: AU reserve/trade-in/Taurus, and the NZ Car Clarity dealer. */
export const SLUG = 'money-motors';
export const CLARITY_SLUG = 'clarity-motors';
/** Build time of the fixture site. */
export const NOW = '2025-06-10T00:00:00Z';

/** Cars of fixtures/money/dealers/money-motors/stock.json. */
export const CARS = {
  corolla: { id: 7001, path: '/cars/2022-toyota-corolla-7001', name: '2022 Toyota Corolla' },
  rav4: { id: 7002, path: '/cars/2025-toyota-rav4-7002' },
  cx5: { id: 7003, path: '/cars/2024-mazda-cx-5-7003', name: '2024 Mazda CX-5' },
  ranger: { id: 7004, path: '/cars/2021-ford-ranger-7004', name: '2021 Ford Ranger' },
} as const;

/** What a test gets. */
export interface MoneySite {
  url: string;
  /** The Car Clarity dealer's URL. */
  clarityUrl: string;
  /** Leads of `email` on either site. */
  leadsOf(email: string): Promise<StoredLead[]>;
  rows(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

export const test = base.extend<object, { site: MoneySite }>({
  site: [
    async ({}, use, workerInfo) => {
      const dir = mkdtempSync(join(tmpdir(), `forecourt-money-${workerInfo.workerIndex}-`));
      const out = join(dir, 'out');
      execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', '--dealers', 'fixtures/money/dealers', '--out', out, '--now', NOW], { stdio: 'pipe' });
      let running: RunningServe | null = null;
      try {
        running = await startServe({ slugs: [CLARITY_SLUG, SLUG], outDir: out, port: 0, stateDir: join(dir, 'state'), warn: () => {} });
        const db = running.db;
        await use({
          url: running.sites.find((s) => s.slug === SLUG)!.url.replace(/\/$/, ''),
          clarityUrl: running.sites.find((s) => s.slug === CLARITY_SLUG)!.url.replace(/\/$/, ''),
          leadsOf: async (email) =>
            [...(await listLeads({ db, slug: SLUG })), ...(await listLeads({ db, slug: CLARITY_SLUG }))].filter((lead) => lead.payload.email === email),
          rows: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
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

/** A unique email per test. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Waits until every load-time island on the page has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island][data-when="load"]')].every((el) => el.hasAttribute('data-hydrated')));
}

/** Contact details a test types. */
export interface Contact {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

/** Fills the contact details every form has. */
export async function fillContact(scope: Page | ReturnType<Page['locator']>, values: Contact): Promise<void> {
  await scope.getByLabel('First Name').fill(values.name);
  await scope.getByLabel('Last Name').fill(values.last_name);
  await scope.getByLabel('Email Address').fill(values.email);
  await scope.getByLabel('Mobile Number').fill(values.phone);
  await scope.getByLabel('Postcode').fill(values.postcode);
}

/** Asserts the contact fields hold `values`. */
export async function expectContact(scope: Page | ReturnType<Page['locator']>, values: Contact): Promise<void> {
  await expect(scope.getByLabel('First Name')).toHaveValue(values.name);
  await expect(scope.getByLabel('Last Name')).toHaveValue(values.last_name);
  await expect(scope.getByLabel('Email Address')).toHaveValue(values.email);
  await expect(scope.getByLabel('Mobile Number')).toHaveValue(values.phone);
  await expect(scope.getByLabel('Postcode')).toHaveValue(values.postcode);
}
