/**
 * Four sample dealers generated at the sample feeds' build time (scripts/stock DEFAULT_NOW), so
 * their sold windows hold the cases: harbourside-subaru (0-day window), swan-river-toyota
 * (default 3 days), greenleaf-ev-subscriptions (/search/subscription) and koala-4x4-accessories
 * (/search/rv). What each page should list is computed from the feeds with the domain rules.
 */
import { test as base } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { serveGeneratedSites, type ServedFixture } from '../../servedFixture.ts';
import { DEFAULT_NOW } from '../../../scripts/stock/generateStock.ts';
import type { Car } from '../../../domain/types.ts';

export const NOW = DEFAULT_NOW;
export const SLUGS = ['harbourside-subaru', 'swan-river-toyota', 'greenleaf-ev-subscriptions', 'koala-4x4-accessories'] as const;

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
