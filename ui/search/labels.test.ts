import { describe, expect, it } from 'vitest';
import { SORT_KEYS } from '../../domain/searchInputs.ts';
import { rangeHint, sortOptions } from './labels.ts';

describe('search labels', () => {
  it('the sort select offers every sort both engines answer, the odometer sort in the region word', () => {
    const au = sortOptions({ odometerLabel: 'Kilometres' });
    expect(au.map((o) => o.value).sort()).toEqual([...SORT_KEYS].sort());
    expect(au.map((o) => o.label)).toEqual([
      'Recommended',
      'Price: Low to High',
      'Price: High to Low',
      'Year: Newest First',
      'Kilometres: Lowest First',
      'Newest Listings',
    ]);
    expect(sortOptions({ odometerLabel: 'Mileage' }).find((o) => o.value === 'km:asc')?.label).toBe('Mileage: Lowest First');
  });

  it.each([
    ['price', { min: 4990, max: 129500 }, 'kilometer', '$4,990 to $129,500 in these results'],
    ['km', { min: 5, max: 250000 }, 'kilometer', '5 km to 250,000 km in these results'],
    ['km', { min: 0, max: 160934 }, 'mile', '0 mi to 100,000 mi in these results'],
    ['year', { min: 2008, max: 2026 }, 'kilometer', '2008 to 2026 in these results'],
  ] as const)('%s hint %o (%s)', (field, stats, unit, text) => expect(rangeHint({ field, stats, locale: 'en-AU', currency: 'AUD', unit })).toBe(text));
});
