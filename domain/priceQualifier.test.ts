import { describe, expect, it } from 'vitest';
import { priceDisclaimer, priceQualifier, priceTypeKey } from './priceQualifier.ts';
import { REGION_TABLE } from './regionTable.ts';

const qualifier = (region: 'AU' | 'NZ' | 'US', price_type: string | null, record = {}) =>
  priceQualifier({
    car: { price_type },
    advertising: REGION_TABLE[region].advertising,
    record,
    locale: REGION_TABLE[region].locale,
    currency: REGION_TABLE[region].currency,
  });

describe('priceQualifier: the feed price_type read per region', () => {
  it.each<['AU' | 'NZ', string | null, string | null, string | null]>([
    ['AU', 'Drive Away', 'Drive away', 'drive_away_price'],
    ['AU', 'DRIVE-AWAY', 'Drive away', 'drive_away_price'],
    ['AU', 'Excl. Govt. Charges', 'Excluding government charges', 'excluding_government_charges_price'],
    ['AU', 'excluding government charges', 'Excluding government charges', 'excluding_government_charges_price'],
    ['AU', 'EGC', 'Excluding government charges', 'excluding_government_charges_price'],
    ['AU', '+ORC', 'Plus on-road costs', null],
    ['AU', 'Plus On Road Costs', 'Plus on-road costs', null],
    ['AU', 'Negotiable', null, null],
    ['AU', '', null, null],
    ['AU', null, null, null],
    ['NZ', 'Drive Away', 'Drive away', null],
    ['NZ', 'Plus ORC', 'Plus on-road costs', null],
    // NZ's government charges are its on-road costs.
    ['NZ', 'Excl. Govt. Charges', 'Plus on-road costs', null],
    ['NZ', 'Negotiable', null, null],
  ])('%s %j -> %j', (region, priceType, label, google) => {
    const found = qualifier(region, priceType);
    expect(found?.label ?? null).toBe(label);
    expect(found?.google ?? null).toBe(google);
    if (found) expect(found.meaning.startsWith(found.label)).toBe(true);
  });

  it('normalises a price_type to letters and digits', () => {
    expect(priceTypeKey('Excl. Govt. Charges')).toBe('exclgovtcharges');
    expect(priceTypeKey(null)).toBe('');
  });
});

describe("priceQualifier in the US: the record's fee disclosure", () => {
  const disclosure = 'Plus tax, title, license and dealer fees';
  it.each<[string, object, string | null]>([
    ['none in the record', {}, null],
    ['a blank disclosure', { fee_disclosure: '  ' }, null],
    ['the disclosure alone', { fee_disclosure: disclosure }, disclosure],
    ['with the doc fee', { fee_disclosure: disclosure, doc_fee: 399 }, `${disclosure}, plus a $399 documentation fee`],
    ['a doc fee of 0 is not stated', { fee_disclosure: disclosure, doc_fee: 0 }, disclosure],
    ['a doc fee without a disclosure gives nothing', { doc_fee: 399 }, null],
  ])('%s', (_label, record, label) => {
    const found = qualifier('US', 'Drive Away', record);
    expect(found?.label ?? null).toBe(label);
    if (found) expect(found.kind).toBe('fee_disclosure');
  });
});

describe('priceDisclaimer', () => {
  it("is the region's text, then the dealer's own", () => {
    const advertising = REGION_TABLE.AU.advertising;
    expect(priceDisclaimer({ advertising, record: {} })).toEqual([advertising.price_disclaimer]);
    expect(priceDisclaimer({ advertising, record: { price_disclaimer: ' ' } })).toEqual([advertising.price_disclaimer]);
    expect(priceDisclaimer({ advertising, record: { price_disclaimer: 'Offer ends 31 December.' } })).toEqual([
      advertising.price_disclaimer,
      'Offer ends 31 December.',
    ]);
  });

  it('has wording for every region', () => {
    for (const row of Object.values(REGION_TABLE)) expect(row.advertising.price_disclaimer.length, row.region).toBeGreaterThan(40);
  });
});
