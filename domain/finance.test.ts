import { describe, expect, it } from 'vitest';
import {
  ANGLE_FINAL_PAYMENT,
  DEFAULT_FINANCE_DISABLED_MAKES,
  DEFAULT_TERM_YEARS,
  financeDisplay,
  repaymentAmount,
  TAURUS,
  taurusOfferValidUntil,
  termYearsOf,
} from './finance.ts';
import { makeCar, NOW } from './fixtures/car.ts';
import type { Car, FinanceLenderQuote } from './types.ts';

const QUOTE: FinanceLenderQuote = { interestRate: 7.99, comparisonRate: 8.49, paymentWeek: 120, paymentMonth: 520 };

function show(provider: string, fields: Partial<Car> = {}, quote: Partial<FinanceLenderQuote> = {}, extra = {}) {
  const car = makeCar({ finance_lenders: { [provider]: { ...QUOTE, ...quote } }, ...fields });
  return financeDisplay({ car, provider, now: NOW, ...extra });
}

describe('finance constants (SPEC §9)', () => {
  it('are as specified', () => {
    expect(TAURUS).toEqual({ deposit: 0.1, comparisonAmount: 30000, comparisonYears: 5, validMonths: 1 });
    expect(DEFAULT_TERM_YEARS).toBe(5);
    expect(ANGLE_FINAL_PAYMENT).toBe(0);
    expect(DEFAULT_FINANCE_DISABLED_MAKES).toEqual(['Suzuki']);
  });
});

describe('financeDisplay common requirements', () => {
  it.each<[string, () => ReturnType<typeof financeDisplay>, boolean]>([
    ['baseline Manual', () => show('Manual'), true],
    ['no provider', () => financeDisplay({ car: makeCar(), provider: null, now: NOW }), false],
    ['no lender data for provider', () => financeDisplay({ car: makeCar({ finance_lenders: {} }), provider: 'Manual', now: NOW }), false],
    ['null interestRate', () => show('Manual', {}, { interestRate: null }), false],
    ['null comparisonRate', () => show('Manual', {}, { comparisonRate: null }), false],
    ['Suzuki disabled by default', () => show('Manual', { make: 'Suzuki' }), false],
    ['Suzuki allowed when the list is empty', () => show('Manual', { make: 'Suzuki' }, {}, { disabledMakes: [] }), true],
    ['disabled dealership id (car)', () => show('Manual', {}, {}, { disabledDealershipIds: [42] }), false],
    ['disabled dealership id (site)', () => show('Manual', {}, {}, { disabledDealershipIds: [9], dealershipId: 9 }), false],
    ['disabled dealership slug', () => show('Manual', {}, {}, { disabledDealershipSlugs: ['sample-toyota'] }), false],
    ['other slug', () => show('Manual', {}, {}, { disabledDealershipSlugs: ['other'] }), true],
  ])('%s -> %s', (_label, run, shown) => expect(run().show).toBe(shown));
});

describe('financeDisplay per provider (SPEC §5 table)', () => {
  it.each<[string, Partial<Car>, Partial<FinanceLenderQuote>, boolean, 'week' | 'month' | undefined]>([
    // Taurus: year > current year - 12 (2025 - 12 = 2013), price > 500, for sale
    ['Taurus', { year: 2014 }, {}, true, 'week'],
    ['Taurus', { year: 2013 }, {}, false, undefined],
    ['Taurus', { price: 500 }, {}, false, undefined],
    ['Taurus', { price: 501 }, {}, true, 'week'],
    ['Taurus', { status: 'sold' }, {}, false, undefined],
    ['Taurus', { reserved: true }, {}, true, 'week'],
    // 360 Finance and AusLoans: for sale
    ['360 Finance', { price: 100 }, {}, true, 'week'],
    ['360 Finance', { sold: true }, {}, false, undefined],
    ['AusLoans', {}, { paymentWeek: null }, true, 'month'],
    ['AusLoans', {}, { paymentWeek: null, paymentMonth: null }, true, undefined],
    ['AusLoans', { status: 'sold' }, {}, false, undefined],
    // Manual, Angle, Powertorque: price > 500 and weekly payment
    ['Manual', { price: 500 }, {}, false, undefined],
    ['Manual', { price: 501 }, {}, true, 'week'],
    ['Angle', {}, { paymentWeek: null }, false, undefined],
    ['Angle', {}, { paymentWeek: 0 }, false, undefined],
    ['Powertorque', { status: 'sold' }, {}, true, 'week'],
    // Nissan Finance: price > 500 and monthly payment
    ['Nissan Finance', { price: 500 }, {}, false, undefined],
    ['Nissan Finance', { price: 501 }, {}, true, 'month'],
    ['Nissan Finance', {}, { paymentMonth: null }, false, undefined],
    // Car Clarity: lender data only
    ['Car Clarity', { price: 0 }, { paymentWeek: null }, true, 'month'],
    ['Car Clarity', { price: 0 }, {}, true, 'week'],
  ])('%s %o %o -> %s %s', (provider, fields, quote, shown, frequency) => {
    const result = show(provider, fields, quote);
    expect(result.show).toBe(shown);
    expect(result.frequency).toBe(frequency);
  });

  it('returns the repayment, term and final payment', () => {
    expect(show('Nissan Finance')).toMatchObject({ repayment: 520, frequency: 'month', termYears: 5, provider: 'Nissan Finance' });
    expect(show('Angle', {}, { balloon: 3000 })).toMatchObject({ repayment: 120, finalPayment: 0 });
    expect(show('Manual', {}, { balloon: 3000, termMonths: 48 })).toMatchObject({ finalPayment: 3000, termYears: 4 });
  });

  it('computes a Taurus weekly repayment on a 10% deposit when the lender gives none', () => {
    const result = show('Taurus', { price: 30000 }, { paymentWeek: null, interestRate: 7 });
    const expected = repaymentAmount({ principal: 27000, annualRatePercent: 7, years: 5, frequency: 'week' });
    expect(result.repayment).toBe(expected);
    expect(expected).toBeGreaterThan(27000 / 260);
  });
});

describe('finance helpers', () => {
  it.each([
    [{ termYears: 3 }, 3],
    [{ termMonths: 60 }, 5],
    [{ termYears: null, termMonths: null }, 5],
    [{}, 5],
  ])('term of %o is %s years', (quote, years) => expect(termYearsOf(quote)).toBe(years));

  it('amortises', () => {
    expect(repaymentAmount({ principal: 12000, annualRatePercent: 0, years: 1, frequency: 'month' })).toBe(1000);
    expect(repaymentAmount({ principal: 10000, annualRatePercent: 12, years: 1, frequency: 'month' })).toBe(888);
    expect(repaymentAmount({ principal: 10000, annualRatePercent: 12, years: 1, frequency: 'month', balloon: 10000 })).toBe(100);
  });

  it('Taurus offers are valid one month', () => {
    expect(taurusOfferValidUntil({ now: NOW }).toISOString()).toBe('2025-07-15T00:00:00.000Z');
  });
});
