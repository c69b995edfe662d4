import { describe, expect, it } from 'vitest';
import { isValuationLink, valuationLinkPointers, withoutValuationLinks } from './valuationLinks.ts';

describe('links to the valuation pages', () => {
  it.each([
    ['/valuations', true],
    ['/valuations/', true],
    ['/valuations?utm_source=nav', true],
    ['/valuations#form', true],
    ['/cars/trade-in', true],
    ['/cars/trade-in?car_id=12', true],
    ['/valuations-guide', false],
    ['/valuation', false],
    ['/cars/trade-in-offers', false],
    ['/cars/2019-toyota-corolla', false],
    ['//valuations', false],
    ['https://other.example/valuations', false],
    ['/', false],
    [null, false],
  ])('%j: %s', (url, expected) => {
    expect(isValuationLink({ url })).toBe(expected);
  });

  const record = {
    valuation: 'off',
    navigation: {
      header: [
        { _key: 'home', _type: 'link', name: 'Home', url: '/' },
        { _key: 'sell', _type: 'link', name: 'Sell Your Car', url: '/valuations' },
        {
          _key: 'trade',
          _type: 'dropdown',
          name: 'Trade',
          url: '/cars/trade-in',
          dropdownItems: [
            { _key: 'finance', _type: 'link', name: 'Finance', url: '/finance' },
            { _key: 'value', _type: 'link', name: 'Value My Car', url: '/valuations?from=nav' },
          ],
        },
      ],
    },
    footer: { columns: [{ heading: 'Sell', links: [{ name: 'Get a Valuation', url: '/valuations' }] }] },
    hero: {
      actions: [
        { label: 'Sell Your Car', url: '/valuations' },
        { label: 'Stock', url: '/search/used-cars' },
      ],
    },
    logo: { url: '/assets/logo.svg' },
  };

  it('finds every link item that points at a valuation page', () => {
    expect(valuationLinkPointers({ value: record })).toEqual([
      '/navigation/header/1/url',
      '/navigation/header/2/url',
      '/navigation/header/2/dropdownItems/1/url',
      '/footer/columns/0/links/0/url',
      '/hero/actions/0/url',
    ]);
  });

  it('leaves them out: a plain link goes, a dropdown keeps its other items and loses only its own link', () => {
    const stripped = withoutValuationLinks(record);
    expect(valuationLinkPointers({ value: stripped })).toEqual([]);
    expect(stripped.navigation.header.map((item) => item._key)).toEqual(['home', 'trade']);
    expect(stripped.navigation.header[1]).toMatchObject({ url: null, dropdownItems: [{ _key: 'finance' }] });
    expect(stripped.footer.columns[0]).toEqual({ heading: 'Sell', links: [] });
    expect(stripped.hero.actions).toEqual([{ label: 'Stock', url: '/search/used-cars' }]);
    expect(stripped.logo).toEqual(record.logo);
    // The input is not changed.
    expect(valuationLinkPointers({ value: record })).toHaveLength(5);
  });
});
