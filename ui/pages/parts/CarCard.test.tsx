import { REGION_TABLE } from '../../../domain/regionTable.ts';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { toSearchCard } from '../../../search/contract.ts';
import { makeCar, NOW } from '../../../domain/fixtures/car.ts';
import { CarCard } from './CarCard.tsx';

const settings = {
  locale: 'en-AU',
  currency: 'AUD',
  distanceUnit: 'kilometer' as const,
  odometerLabel: 'Kilometres',
  subscriptions: false,
  electricHybridTag: false,
  advertising: REGION_TABLE.AU.advertising,
  advertisingRecord: {},
  newListingLabel: 'Just arrived',
  now: NOW.toISOString(),
};

describe('car card image area', () => {
  it.each([
    ['a photo', 'https://cdn.example.com/cars/1/1.jpg', /<img src="https:\/\/cdn\.example\.com\/cars\/1\/1\.jpg\?w=400[^"]*" alt="" width="400" height="300"/],
    ['no photo: the placeholder', null, /<img src="\/assets\/shared\/cars\/no-photo\.svg" alt="" width="400" height="300"/],
    ['an unsafe URL: the placeholder', 'javascript:alert(1)', /<img src="\/assets\/shared\/cars\/no-photo\.svg"/],
  ] as const)('%s', (_label, imageUrl, image) => {
    const html = renderToStaticMarkup(<CarCard settings={settings} card={toSearchCard({ car: makeCar({}), imageUrl })} favourite={false} />);
    expect(html).toMatch(/<a href="[^"]+" class="car-card__media" tabindex="-1" aria-hidden="true"><img /);
    expect(html).toMatch(image);
  });
});

describe('car card title', () => {
  it('is year, make and model, the make said once when the model says it', () => {
    const title = (car: Parameters<typeof makeCar>[0]) =>
      renderToStaticMarkup(<CarCard settings={settings} card={toSearchCard({ car: makeCar(car), imageUrl: null })} favourite={false} />).match(
        /class="car-card__title"><a [^>]*>([^<]*)</,
      )?.[1];
    expect(title({ year: 2026, make: 'Polestar', model: 'Polestar 2' })).toBe('2026 Polestar 2');
    expect(title({ year: 2024, make: 'MG', model: 'MG4' })).toBe('2024 MG4');
    expect(title({ year: 2023, make: 'Toyota', model: 'Corolla' })).toBe('2023 Toyota Corolla');
  });
});
