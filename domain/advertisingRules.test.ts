/**
 * The advertising rules at their boundaries (README: Advertising checks), one table per rule, each
 * row one car as the site would advertise it.
 */
import { describe, expect, it } from 'vitest';
import { advertFindings, hasComparisonRateWarning, type AdvertRule, type PriceHistory } from './advertisingRules.ts';
import { makeCar } from './fixtures/car.ts';
import { REGION_TABLE } from './regionTable.ts';
import type { Car } from './types.ts';

type Region = keyof typeof REGION_TABLE;

const rules = ({
  region = 'AU',
  car = {},
  record = {},
  finance = null,
  history = null,
  subscriptions = false,
}: {
  region?: Region;
  car?: Partial<Car>;
  record?: object;
  finance?: { text: string } | null;
  history?: PriceHistory;
  subscriptions?: boolean;
}): AdvertRule[] =>
  advertFindings({
    car: makeCar({ price: 25_990, price_type: 'Drive Away', before_price: null, ...car }),
    advertising: REGION_TABLE[region].advertising,
    record,
    subscriptions,
    finance,
    history,
    locale: REGION_TABLE[region].locale,
    currency: REGION_TABLE[region].currency,
  }).map((finding) => finding.rule);

const WARNING = REGION_TABLE.AU.advertising.comparison_rate_warning!;

describe('advert/no-qualifier: an AU or NZ price without a qualifier', () => {
  it.each<[string, Region, Partial<Car>, AdvertRule[]]>([
    ['AU drive away', 'AU', {}, []],
    ['AU without price_type', 'AU', { price_type: null }, ['advert/no-qualifier']],
    ['AU blank price_type', 'AU', { price_type: '  ' }, ['advert/no-qualifier']],
    ['AU unknown price_type', 'AU', { price_type: 'Negotiable' }, ['advert/no-qualifier']],
    ['NZ without price_type', 'NZ', { price_type: null }, ['advert/no-qualifier']],
    ['NZ Excl. Govt. Charges reads as plus on-road costs', 'NZ', { price_type: 'Excl. Govt. Charges' }, []],
    ['a price of 11 is a price (SPEC §9: above 10)', 'AU', { price: 11, price_type: null }, ['advert/no-qualifier']],
    ['a price of 10 is no price', 'AU', { price: 10, price_type: null }, []],
    ['a sold car is not advertised', 'AU', { price_type: null, status: 'sold', sold: true }, []],
    ['a car hidden from the website is not advertised', 'AU', { price_type: null, show_on_dealer_website: false }, []],
    ['coming soon is still advertised', 'AU', { price_type: null, status: 'coming_soon' }, ['advert/no-qualifier']],
  ])('%s', (_label, region, car, expected) => expect(rules({ region, car })).toEqual(expected));

  it('leaves a subscription price alone (it shows no qualifier)', () => {
    expect(rules({ car: { price_type: null, subscription_price: 371 }, subscriptions: true })).toEqual([]);
  });
});

describe("advert/implausible-drive-away: below the region's floor for the car type", () => {
  const { drive_away_floor: floor } = REGION_TABLE.AU.advertising;
  it.each<[string, Partial<Car>, AdvertRule[]]>([
    ['new, one dollar under the floor', { car_type: 'new', price: floor.new - 1 }, ['advert/implausible-drive-away']],
    ['new, exactly at the floor', { car_type: 'new', price: floor.new }, []],
    ['demo, one dollar under', { car_type: 'demo', price: floor.demo - 1 }, ['advert/implausible-drive-away']],
    ['demo, at the floor', { car_type: 'demo', price: floor.demo }, []],
    ['used, one dollar under', { car_type: 'used', price: floor.used - 1 }, ['advert/implausible-drive-away']],
    ['used, at the floor', { car_type: 'used', price: floor.used }, []],
    ['not drive away: no floor', { car_type: 'new', price: 990, price_type: 'Excl. Govt. Charges' }, []],
  ])('%s', (_label, car, expected) => expect(rules({ car })).toEqual(expected));

  it('reads the floor of the region', () => {
    expect(rules({ region: 'NZ', car: { car_type: 'new', price: REGION_TABLE.NZ.advertising.drive_away_floor.new - 1 } })).toEqual([
      'advert/implausible-drive-away',
    ]);
  });
});

describe('advert/no-comparison-warning: a finance figure without the comparison-rate warning (AU)', () => {
  it.each<[string, Region, { text: string } | null, AdvertRule[]]>([
    ['no finance figure shown', 'AU', null, []],
    ['a figure with the warning', 'AU', { text: `Comparison rate 9.1% p.a. ${WARNING}` }, []],
    ['the warning in other case and spacing', 'AU', { text: WARNING.toUpperCase().replace(/ /g, '  ') }, []],
    ['the first sentence of the warning is enough', 'AU', { text: WARNING.split('. ')[0] + '.' }, []],
    ['a figure without it', 'AU', { text: 'Comparison rate 9.1% p.a. Fees and charges apply.' }, ['advert/no-comparison-warning']],
    ['NZ asks for no warning', 'NZ', { text: 'Comparison rate 9.1% p.a.' }, []],
  ])('%s', (_label, region, finance, expected) => expect(rules({ region, car: { price_type: 'Drive Away' }, finance })).toEqual(expected));

  it('matches the first sentence only', () => {
    expect(
      hasComparisonRateWarning({ text: 'Different terms, fees or other loan amounts might result in a different comparison rate.', warning: WARNING }),
    ).toBe(false);
  });
});

describe('advert/no-fee-disclosure: a US price without the record fee disclosure', () => {
  it.each<[string, object, Partial<Car>, AdvertRule[]]>([
    ['no disclosure', {}, {}, ['advert/no-fee-disclosure']],
    ['a blank disclosure', { fee_disclosure: ' ' }, {}, ['advert/no-fee-disclosure']],
    ['a disclosure', { fee_disclosure: 'Plus tax, title, license and dealer fees' }, {}, []],
    ['no price shown', {}, { price: 0 }, []],
  ])('%s', (_label, record, car, expected) => expect(rules({ region: 'US', record, car })).toEqual(expected));
});

describe('advert/unverified-was-price: a was price no earlier import shows', () => {
  const reduced = { price: 25_990, before_price: 27_990 };
  it.each<[string, Partial<Car>, PriceHistory, AdvertRule[]]>([
    ['no import history: not checked', reduced, null, []],
    ['never listed before', reduced, [], ['advert/unverified-was-price']],
    ['listed only lower', reduced, [26_990], ['advert/unverified-was-price']],
    ['listed at one dollar under the was price', reduced, [27_989], ['advert/unverified-was-price']],
    ['listed at exactly the was price', reduced, [27_990], []],
    ['listed higher than the was price', reduced, [29_990, 26_990], []],
    ['a before_price not above the price is no was price', { price: 25_990, before_price: 25_990 }, [], []],
  ])('%s', (_label, car, history, expected) => expect(rules({ car, history })).toEqual(expected));
});
