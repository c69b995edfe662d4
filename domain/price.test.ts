import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_NO_PRICE_TEXT,
  formatPrice,
  isRealPrice,
  meetsFinancePrice,
  meetsReservePrice,
  meetsTradeInPrice,
  priceDisplay,
  PRICE_THRESHOLDS,
  showAutocompletePrice,
} from './price.ts';
import { makeCar } from './fixtures/car.ts';

describe('thresholds', () => {
  it('are the SPEC §9 figures', () => {
    expect(PRICE_THRESHOLDS).toEqual({ real: 10, reserve: 200, tradeIn: 200, autocomplete: 250, finance: 500 });
  });

  it.each([
    [9, false],
    [10, false],
    [10.01, true],
    [11, true],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
  ])('real price %s -> %s', (price, real) => expect(isRealPrice(price)).toBe(real));

  it.each([
    [199, false],
    [200, false],
    [201, true],
  ])('reserve/trade-in price %s -> %s', (price, ok) => {
    expect(meetsReservePrice(price)).toBe(ok);
    expect(meetsTradeInPrice(price)).toBe(ok);
  });

  it.each([
    [249, false],
    [250, false],
    [251, true],
  ])('autocomplete price %s -> %s', (price, ok) => expect(showAutocompletePrice(price)).toBe(ok));

  it.each([
    [499, false],
    [500, false],
    [501, true],
  ])('finance price %s -> %s', (price, ok) => expect(meetsFinancePrice(price)).toBe(ok));
});

describe('formatPrice', () => {
  it.each([
    [12990, '$12,990'],
    [0, '$0'],
    [999, '$999'],
    [1000, '$1,000'],
    [1234567, '$1,234,567'],
    [12990.6, '$12,991'],
    [Number.NaN, ''],
    [null, ''],
  ])('%s -> %s', (amount, text) => expect(formatPrice({ amount })).toBe(text));

  it('writes a price it wrote before the same way, per locale, and -0 as Intl does', () => {
    const write = (amount: number, locale?: string) => formatPrice({ amount, locale });
    const fresh = (amount: number, locale = 'en-AU') =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(amount);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(-0), fc.double({ min: -1e6, max: 1e6, noNaN: true })), { maxLength: 30 }),
        (amounts) => {
          for (const amount of [...amounts, ...amounts]) {
            expect(write(amount)).toBe(fresh(amount));
            expect(write(amount, 'en-US')).toBe(fresh(amount, 'en-US'));
          }
        },
      ),
    );
  });

  it('keeps dollars in every region locale', () => {
    for (const locale of ['en-AU', 'en-NZ', 'en-US']) expect(formatPrice({ amount: 45000, locale })).toBe('$45,000');
  });

  it('never throws and never shows cents for any finite number', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(formatPrice({ amount })).toMatch(/^-?\$\d{1,3}(,\d{3})*$/);
      }),
    );
  });
});

describe('priceDisplay (SPEC §4, first rule wins)', () => {
  it.each([
    // [label, car fields, subscriptions, kind, text]
    ['subscription when offered and above 0', { subscription_price: 199, price: 24990 }, true, 'subscription', '$199'],
    ['subscription price 0 falls through', { subscription_price: 0, price: 24990 }, true, 'price', '$24,990'],
    ['subscription not offered', { subscription_price: 199, price: 24990 }, false, 'price', '$24,990'],
    ['reduced when before_price above price', { before_price: 26990, price: 24990 }, false, 'reduced', '$24,990'],
    ['before_price equal is not reduced', { before_price: 24990, price: 24990 }, false, 'price', '$24,990'],
    ['price 11 is real', { price: 11 }, false, 'price', '$11'],
    ['price 10 is not real', { price: 10 }, false, 'none', DEFAULT_NO_PRICE_TEXT],
    ['reduced needs a real price', { price: 10, before_price: 20000 }, false, 'none', DEFAULT_NO_PRICE_TEXT],
    ['preorder without a price', { price: 0, preorder: true }, false, 'preorder', 'PREORDER'],
    ['a real price beats preorder', { price: 40000, preorder: true }, false, 'price', '$40,000'],
    ['no price text', { price: 0 }, false, 'none', DEFAULT_NO_PRICE_TEXT],
  ] as const)('%s', (_label, fields, subscriptions, kind, text) => {
    const result = priceDisplay({ car: makeCar(fields), subscriptions });
    expect(result.kind).toBe(kind);
    expect(result.text).toBe(text);
  });

  it('returns the amounts and the configured no-price text', () => {
    expect(priceDisplay({ car: makeCar({ before_price: 26990 }), subscriptions: false })).toEqual({
      kind: 'reduced',
      text: '$24,990',
      amount: 24990,
      before: 26990,
    });
    expect(priceDisplay({ car: makeCar({ price: 0 }), subscriptions: false, noPriceText: 'Call us' })).toEqual({
      kind: 'none',
      text: 'Call us',
      amount: null,
      before: null,
    });
  });
});
