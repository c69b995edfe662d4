import { describe, expect, it } from 'vitest';
import { regionSettings, spell } from './region.ts';
import { distance, formatOdometer, EARTH_RADIUS_KM } from './distance.ts';
import type { Region } from './site.ts';

describe('regionSettings', () => {
  it.each([
    ['AU', 'en-AU', 'kilometer', 'au', false, 'AUD'],
    ['NZ', 'en-NZ', 'kilometer', 'nz', false, 'NZD'],
    ['US', 'en-US', 'mile', 'us', true, 'USD'],
    ['XX', 'en-AU', 'kilometer', 'au', false, 'AUD'],
  ])('%s', (region, locale, unit, rule, us, currency) => {
    expect(regionSettings(region as Region)).toMatchObject({ locale, distance_unit: unit, phone_rule: rule, us_spelling: us, currency });
  });
});

describe('spell', () => {
  it.each([
    ['Enquire Now', 'Inquire Now'],
    ['Send an enquiry about this colour', 'Send an inquiry about this color'],
    ['Colours and personalised plates', 'Colors and personalized plates'],
    ['ENQUIRIES', 'INQUIRIES'],
    ['Make an Enquiry', 'Make an Inquiry'],
  ])('US: %s -> %s', (text, out) => expect(spell({ text, region: 'US' })).toBe(out));

  it('leaves AU and NZ text alone', () => {
    expect(spell({ text: 'Enquire Now', region: 'AU' })).toBe('Enquire Now');
    expect(spell({ text: 'colour', region: 'NZ' })).toBe('colour');
  });
});

describe('distance', () => {
  const brisbane = { lat: -27.4698, lng: 153.0251 };
  const sydney = { lat: -33.8688, lng: 151.2093 };
  it('uses R = 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(distance({ from: { lat: 0, lng: 0 }, to: { lat: 0, lng: 180 } })).toBeCloseTo(Math.PI * 6371, 6);
    expect(distance({ from: brisbane, to: brisbane })).toBe(0);
  });
  it('Brisbane to Sydney in km and miles', () => {
    const km = distance({ from: brisbane, to: sydney });
    expect(km).toBeGreaterThan(725);
    expect(km).toBeLessThan(735);
    expect(distance({ from: brisbane, to: sydney, unit: 'mile' })).toBeCloseTo(km / 1.609344, 6);
  });
});

describe('formatOdometer', () => {
  it.each([
    [24000, 'en-AU', 'kilometer', '24,000 km'],
    [0, 'en-NZ', 'kilometer', '0 km'],
    [16093, 'en-US', 'mile', '10,000 mi'],
    [1, 'en-US', 'mile', '1 mi'],
    [0, 'en-US', 'mile', '0 mi'],
  ] as const)('%i km in %s (%s) -> %s', (km, locale, unit, text) => {
    expect(formatOdometer({ km, locale, unit })).toBe(text);
  });
});
