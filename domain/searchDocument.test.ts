import { describe, expect, it } from 'vitest';
import { priceRange, toSearchDocument, weeklyPriceRange } from './searchDocument.ts';
import { makeCar, NOW } from './fixtures/car.ts';

describe('price_range buckets', () => {
  it.each([
    [10, 'Price on application'],
    [11, 'Under $10,000'],
    [9999, 'Under $10,000'],
    [10000, '$10,000 - $20,000'],
    [19999, '$10,000 - $20,000'],
    [24990, '$20,000 - $30,000'],
    [99999, '$90,000 - $100,000'],
    [100000, '$100,000+'],
  ])('%s -> %s', (price, range) => expect(priceRange(price)).toBe(range));

  it.each([
    [120, '$100 - $150'],
    [150, '$150 - $200'],
    [0, null],
    [null, null],
  ])('weekly %s -> %s', (weekly, range) => expect(weeklyPriceRange(weekly)).toBe(range));
});

describe('toSearchDocument', () => {
  it('maps every SPEC §3 field', () => {
    const car = makeCar({ finance_lenders: { Manual: { interestRate: 7, comparisonRate: 8, paymentWeek: 120 } } });
    const doc = toSearchDocument({ car, dealershipName: 'Sample Toyota' });
    expect(doc).toMatchObject({
      id: 101,
      status: 'in_stock',
      car_type: 'used',
      categories: ['Used', 'Hatchback', 'Petrol'],
      city: 'Brisbane',
      state: 'QLD',
      dealership_name: 'Sample Toyota',
      make_model: 'Toyota Corolla',
      price_range: '$20,000 - $30,000',
      weekly_price_range: '$100 - $150',
      item_type: 'car',
      location_id: 7,
      location_name: 'Sample Toyota - Sales',
      photos_count: 2,
      created_at_timestamp: Date.parse('2025-05-01T00:00:00Z') / 1000,
      sold_date_timestamp: null,
      show_on_dealer_website: true,
      label: null,
      filtered_features: ['Reversing Camera', 'Apple CarPlay'],
      custom_rank: 3,
      image_url: 'https://images.example.com/cars/101/1.jpg',
    });
  });

  it('labels with the tag banner when given now, and fills defaults', () => {
    const car = makeCar({
      status: 'coming_soon',
      tag: null,
      location: null,
      images: undefined,
      thumbnails: undefined,
      primary_image_url: null,
      features: undefined,
      custom_rank: undefined,
      created_at: 'bad',
      show_on_dealer_website: undefined,
    });
    const doc = toSearchDocument({ car, dealershipName: 'X', now: NOW });
    expect(doc).toMatchObject({
      label: 'COMING SOON',
      city: null,
      location_id: null,
      photos_count: 0,
      image_url: null,
      filtered_features: [],
      custom_rank: 0,
      created_at_timestamp: 0,
      show_on_dealer_website: true,
      weekly_price_range: null,
    });
    expect(toSearchDocument({ car: makeCar({ tag: 'Special' }), dealershipName: 'X' }).label).toBe('Special');
  });
});
