/**
 * The money tests' own dealer site: fixtures/money/dealers/money-motors generated into a temp
 * folder and served in this worker (cli/serve.ts startServe, throwaway state directory), so each
 * test reads the stored leads, valuations, events and reservations straight from the database.
 */
import { test as base, expect } from '@playwright/test';
import { FIXTURE_NOW } from '../fixtureSet.ts';
import { serveGeneratedSites } from '../servedFixture.ts';
import { listLeads, type StoredLead } from '../../server/db/leadStore.ts';

/** The fixture dealers: AU reserve/trade-in/Taurus, and the NZ Car Clarity dealer. */
export const SLUG = 'money-motors';
export const CLARITY_SLUG = 'clarity-motors';
/** Build time of the fixture site. */
export const NOW = FIXTURE_NOW;

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
      const served = await serveGeneratedSites({
        tag: 'money',
        workerIndex: workerInfo.workerIndex,
        builds: [{ dealersDir: 'fixtures/money/dealers' }],
        now: NOW,
      });
      try {
        const db = served.running.db;
        await use({
          url: served.url(SLUG),
          clarityUrl: served.url(CLARITY_SLUG),
          leadsOf: async (email) =>
            [...(await listLeads({ db, slug: SLUG })), ...(await listLeads({ db, slug: CLARITY_SLUG }))].filter((lead) => lead.payload.email === email),
          rows: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
        });
      } finally {
        await served.dispose();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };
export { expectContact, fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';
