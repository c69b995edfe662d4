import { describe, expect, it } from 'vitest';
import { siteDealerships } from './dealerships.ts';
import type { Dealership } from './types.ts';

const d = (slug: string, name = slug): Dealership => ({ id: slug.length, slug, name }) as Dealership;

describe('siteDealerships', () => {
  it.each([
    ['neither list', {}, []],
    ['the record only', { dealerships: [d('a'), d('b')] }, ['a', 'b']],
    ['the site config only', { config: { dealerships: [d('c')] } }, ['c']],
    ['both: the record first, then what the config adds', { dealerships: [d('a')], config: { dealerships: [d('c'), d('a', 'Other A')] } }, ['a', 'c']],
    ['an empty record list still takes the config', { dealerships: [], config: { dealerships: [d('c')] } }, ['c']],
  ])('%s', (_, site, slugs) => {
    expect(siteDealerships({ site: site as Parameters<typeof siteDealerships>[0]['site'] }).map((x) => x.slug)).toEqual(slugs);
  });

  it("keeps the record's entry when both list a slug", () => {
    expect(siteDealerships({ site: { dealerships: [d('a', 'Record A')], config: { dealerships: [d('a', 'Config A')] } } as never })[0].name).toBe('Record A');
  });
});
