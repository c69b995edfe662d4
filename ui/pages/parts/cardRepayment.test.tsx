import { REGION_TABLE } from '../../../domain/regionTable.ts';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cardRepayment, toSearchCard, type CardFinance } from '../../../search/contract.ts';
import { makeCar, NOW } from '../../../domain/fixtures/car.ts';
import { CarCard } from './CarCard.tsx';

const finance = (provider: string | null, over: Partial<CardFinance> = {}): CardFinance => ({
  provider,
  disabledMakes: ['Suzuki'],
  disabledDealershipIds: [],
  disabledDealershipSlugs: [],
  now: NOW,
  ...over,
});
const quote = { interestRate: 8.99, comparisonRate: 9.49, paymentWeek: 119, paymentMonth: 515 };

describe('card repayment (SPEC §5 finance display, repayments on cards)', () => {
  it.each([
    ['Manual, price 501, weekly payment', 'Manual', { price: 501 }, { amount: 119, frequency: 'week' }],
    ['Manual at price 500', 'Manual', { price: 500 }, null],
    ['Nissan Finance, monthly payment', 'Nissan Finance', { price: 24990 }, { amount: 515, frequency: 'month' }],
    ['a Suzuki', 'Manual', { make: 'Suzuki', price: 24990 }, null],
    ['no finance provider', null, { price: 24990 }, null],
  ] as const)('%s', (_label, provider, over, expected) => {
    const car = makeCar({ ...over, finance_lenders: provider ? { [provider]: quote } : {} });
    expect(cardRepayment({ car, finance: finance(provider) })).toEqual(expected);
  });

  it('is on the card and shown in the region currency', () => {
    const car = makeCar({ price: 24990, finance_lenders: { Manual: quote } });
    const card = toSearchCard({ car, imageUrl: null, finance: finance('Manual') });
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
    expect(renderToStaticMarkup(<CarCard settings={settings} card={card} favourite={false} />)).toContain('From $119 per week');
    expect(toSearchCard({ car, imageUrl: null }).repayment).toBeNull();
  });
});
