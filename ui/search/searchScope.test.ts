import { describe, expect, it } from 'vitest';
import { makeCar } from '../../fixtures/sites/harbourside.ts';
import { carTypesForPath, engineScope, scopeSpellings } from './searchScope.ts';
import { autocompletePlaceholder } from './autocompleteProps.ts';

describe('carTypesForPath', () => {
  it.each([
    ['/search/new-cars', ['new']],
    ['/search/used-cars', ['used']],
    ['/search/demo-cars', ['demo']],
    ['/search/new-and-demo-cars', ['new', 'demo']],
    ['/search/new-used-and-demo-cars', ['new', 'used', 'demo']],
    ['/search/toyota', null],
    ['/search/suv', null],
    ['/search/rv', null],
    ['/search/sports-cars', null],
  ])('%s -> %j', (path, want) => expect(carTypesForPath(path)).toEqual(want));
});

describe('engineScope', () => {
  const cars = [
    makeCar({ id: 1, slug: 'a', make: 'Toyota', model: 'RAV4', simple_body: 'SUV' }),
    makeCar({ id: 2, slug: 'b', make: 'TOYOTA', model: 'Rav4', simple_body: 'Suv' }),
  ];
  it('maps route scope to engine fields with every stock spelling', () => {
    expect(engineScope({ scope: { make: 'Toyota', model: 'RAV4', heading: 'x' }, spellings: scopeSpellings(cars) })).toEqual({
      make: ['TOYOTA', 'Toyota'],
      model: ['RAV4', 'Rav4'],
    });
    expect(engineScope({ scope: { simple_body: 'SUV', heading: 'SUV' }, spellings: scopeSpellings(cars) })).toEqual({ simple_body: ['SUV', 'Suv'] });
    expect(engineScope({ scope: { car_types: ['new', 'demo'], heading: 'x' }, spellings: scopeSpellings(cars) })).toEqual({ car_type: ['new', 'demo'] });
  });
  it('item-type routes scope item_type; a path that names no item type adds no filter; an unknown make still filters', () => {
    expect(engineScope({ scope: { item_type: 'rv', heading: 'RV' }, spellings: scopeSpellings(cars) })).toEqual({ item_type: ['rv'] });
    expect(engineScope({ scope: { item_type: 'subscription', heading: 'Subscription' }, spellings: scopeSpellings(cars) })).toEqual({
      item_type: ['subscription'],
    });
    expect(engineScope({ scope: { item_type: 'specials', heading: 'Specials' }, spellings: scopeSpellings(cars) })).toEqual({});
    expect(engineScope({ scope: { make: 'Kia', heading: 'Kia' }, spellings: scopeSpellings(cars) })).toEqual({ make: ['Kia'] });
  });
});

describe('autocomplete placeholder', () => {
  it("is 'Search used cars' only where the default search is used cars", () => {
    expect(autocompletePlaceholder({ site: { default_search_path: '/search/used-cars' } })).toBe('Search used cars');
    expect(autocompletePlaceholder({ site: { default_search_path: '/search/new-used-and-demo-cars' } })).toBe('Search by make, model...');
  });
});
