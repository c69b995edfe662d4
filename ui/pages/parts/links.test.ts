import { describe, expect, it } from 'vitest';
import { makeCar } from '../../../domain/fixtures/car.ts';
import { sampleSite } from '../../../fixtures/sites/northside.ts';
import { dealerStockPath } from './links.ts';

describe("'See more from this dealer'", () => {
  const site = (default_search_path: string, extra: string[] = []) => {
    const s = sampleSite({ default_search_path });
    return { ...s, paths: { ...s.paths, extra_search_paths: extra } };
  };

  it.each([
    // [default search path, extra paths, car_type, item_type, expected path]
    ['/search/new-cars', [], 'used', 'car', '/search/new-used-and-demo-cars'],
    ['/search/new-cars', [], 'new', 'car', '/search/new-cars'],
    ['/search/new-and-demo-cars', [], 'demo', 'car', '/search/new-and-demo-cars'],
    ['/search/used-cars', [], 'used', 'car', '/search/used-cars'],
    ['/search/new-cars', ['/search/rv'], 'used', 'rv', '/search/rv'],
    ['/search/new-cars', [], 'used', 'rv', '/search/new-used-and-demo-cars'],
    ['/search/toyota', [], 'used', 'car', '/search/toyota'],
  ] as const)('default %s, extra %j: a %s %s links to %s', (path, extra, car_type, item_type, expected) => {
    const car = makeCar({ car_type, item_type, dealership_slug: 'north-shore' });
    expect(dealerStockPath({ site: site(path, [...extra]), car })).toBe(`${expected}?refinementList%5Bdealership_slug%5D%5B0%5D=${car.dealership_slug}`);
  });
});
