import { describe, expect, it } from 'vitest';
import { makeCar } from './fixtures/car.ts';
import { itemTypeFilter, itemTypeOf, matchesItemType, scopeConditions } from './itemTypes.ts';

describe('item types', () => {
  it('a car without an item type (or an unknown one) is a car', () => {
    expect(itemTypeOf(makeCar({}))).toBe('car');
    expect(itemTypeOf({ item_type: undefined as never })).toBe('car');
    expect(itemTypeOf({ item_type: 'hovercraft' as never })).toBe('car');
    expect(itemTypeOf({ item_type: 'rv' })).toBe('rv');
  });

  it.each([
    // [item_type, subscription_price, path item type, listed]
    ['rv', null, 'rv', true],
    ['car', null, 'rv', false],
    ['motorcycle', null, 'motorcycle', true],
    ['truck', null, 'rental', false],
    ['subscription', 199, 'subscription', true],
    ['subscription', 0, 'subscription', false], // subscription also needs a price above 0
    ['subscription', null, 'subscription', false],
    ['car', 199, 'subscription', false],
  ] as const)('%s (subscription price %s) on /search/%s -> %s', (item_type, subscription_price, itemType, listed) => {
    expect(matchesItemType({ car: makeCar({ item_type, subscription_price }), itemType })).toBe(listed);
  });

  it('subscription scopes carry the price condition for both engines; other scopes none', () => {
    expect(itemTypeFilter('subscription')).toEqual({ scope: { item_type: ['subscription'] }, conditions: ['subscription_price > 0'] });
    expect(scopeConditions({ item_type: ['subscription'] })).toEqual(['subscription_price > 0']);
    expect(scopeConditions({ item_type: ['rv'] })).toEqual([]);
    expect(scopeConditions(Object.assign(Object.create(null), { make: ['Kia'] }))).toEqual([]);
    expect(scopeConditions(undefined)).toEqual([]);
  });
});
