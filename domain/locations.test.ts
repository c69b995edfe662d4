import { describe, expect, it } from 'vitest';
import { bannerLocationsMode, headerShowsLocationsLink, locationBannerLabel, showSwipeHint } from './locations.ts';

describe('banner and header location rules (SPEC §2, §9)', () => {
  it.each([
    [1, false, 'single'],
    [2, false, 'list'],
    [3, false, 'list'],
    [4, false, 'link'],
    [1, true, 'link'],
  ] as const)('%s locations, forced %s -> %s', (count, force, mode) => expect(bannerLocationsMode({ count, force })).toBe(mode));

  it.each([
    [3, false],
    [4, true],
  ])('header link with %s addresses -> %s', (count, shown) => expect(headerShowsLocationsLink(count)).toBe(shown));

  it.each([
    [3, true, true],
    [3, false, false],
    [4, false, true],
    [4, true, true],
  ])('swipe hint with %s locations, large %s -> %s', (count, largeScreen, shown) => expect(showSwipeHint({ count, largeScreen })).toBe(shown));

  it('labels service centres and dealerships', () => {
    expect(locationBannerLabel({ location_type: 'service' })).toBe('Service Centre:');
    expect(locationBannerLabel({ location_type: 'sales' })).toBe('Dealership:');
  });
});
