import { describe, expect, it } from 'vitest';
import { feedMileage, feedPrice, feedSkipReason, googleCondition, metaStateOfVehicle, feedFile, feedLine } from './inventoryFeeds.ts';

const CAR = { status: 'in_stock' as const, sold: false, vin: 'JTNK4RBE503456789', price: 14990, show_on_dealer_website: true };

describe('feedSkipReason', () => {
  it('lists an in-stock car with a VIN, a real price and (for Meta) a photo', () => {
    expect(feedSkipReason({ car: CAR, feed: 'google', hasPhoto: false })).toBeNull();
    expect(feedSkipReason({ car: CAR, feed: 'meta', hasPhoto: true })).toBeNull();
  });

  it.each([
    ['sold by status', { status: 'sold' as const }, 'sold'],
    ['sold by flag while in stock', { sold: true }, 'sold'],
    ['coming soon', { status: 'coming_soon' as const }, 'coming soon'],
    ['hidden from the website', { show_on_dealer_website: false }, 'hidden from the website'],
    ['no VIN', { vin: null }, 'no VIN'],
    ['a blank VIN', { vin: '   ' }, 'no VIN'],
    ['price 0 (price on application)', { price: 0 }, 'no price'],
    ['price 10, the last that is not real', { price: 10 }, 'no price'],
  ])('leaves out a car: %s', (_, over, reason) => {
    expect(feedSkipReason({ car: { ...CAR, ...over }, feed: 'google', hasPhoto: true })).toBe(reason);
  });

  it('lists price 11, the first real price', () => {
    expect(feedSkipReason({ car: { ...CAR, price: 11 }, feed: 'google', hasPhoto: true })).toBeNull();
  });

  it('needs a photo for Meta only', () => {
    expect(feedSkipReason({ car: CAR, feed: 'meta', hasPhoto: false })).toBe('no photo');
    expect(feedSkipReason({ car: CAR, feed: 'google', hasPhoto: false })).toBeNull();
  });
});

describe('feed values', () => {
  it('condition: new is new; demo and used are used; certified used is cpo for Meta', () => {
    expect(googleCondition({ car_type: 'new' })).toBe('new');
    expect(googleCondition({ car_type: 'demo' })).toBe('used');
    expect(metaStateOfVehicle({ car_type: 'used', certified: true })).toBe('cpo');
    expect(metaStateOfVehicle({ car_type: 'demo', certified: false })).toBe('used');
    expect(metaStateOfVehicle({ car_type: 'new', certified: true })).toBe('new');
  });

  it('price with two decimals and the ISO 4217 currency', () => {
    expect(feedPrice({ amount: 14990, currency: 'AUD' })).toBe('14990.00 AUD');
    expect(feedPrice({ amount: 371.5, currency: 'USD' })).toBe('371.50 USD');
  });

  it("mileage in the region's unit", () => {
    expect(feedMileage({ km: 91159, unit: 'mile' })).toEqual({ value: 56644, unit: 'miles' });
    expect(feedMileage({ km: 12000, unit: 'kilometer' })).toEqual({ value: 12000, unit: 'km' });
  });
});

describe('delimited output', () => {
  const columns = ['a', 'b'];
  it('TSV: tabs and line breaks inside a value become spaces, missing values empty', () => {
    const lines = [feedLine({ format: 'tsv', columns, row: { a: 'x\ty\nz', b: undefined } })];
    expect(feedFile({ format: 'tsv', columns, lines })).toBe('a\tb\nx y z\t\n');
  });
  it('CSV: every field quoted, quotes doubled, CRLF rows', () => {
    const lines = [feedLine({ format: 'csv', columns, row: { a: 'say "hi", ok', b: 3 } })];
    expect(feedFile({ format: 'csv', columns, lines })).toBe('"a","b"\r\n"say ""hi"", ok","3"\r\n');
  });
});
