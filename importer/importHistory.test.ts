import { describe, expect, it } from 'vitest';
import { pricesSeen } from './importHistory.ts';

describe("pricesSeen: the prices the imports listed a car at (what a 'was' price is checked against)", () => {
  it.each<[string, { price: number | null; prices?: number[] } | undefined, number | null, number[]]>([
    ['a new car', undefined, 25_990, [25_990]],
    ['a new car without a price', undefined, 0, []],
    ['the same price again', { price: 25_990, prices: [25_990] }, 25_990, [25_990]],
    ['a lower price', { price: 27_990, prices: [27_990] }, 25_990, [27_990, 25_990]],
    ['an entry written before prices were kept: its last price first', { price: 27_990 }, 25_990, [27_990, 25_990]],
    ['a price withdrawn (POA) keeps the list', { price: 27_990, prices: [27_990] }, null, [27_990]],
    ['back to an earlier price', { price: 25_990, prices: [27_990, 25_990] }, 27_990, [27_990, 25_990, 27_990]],
  ])('%s', (_label, entry, price, expected) => expect(pricesSeen({ entry, price })).toEqual(expected));

  it('keeps the last 20', () => {
    const prices = Array.from({ length: 20 }, (_, i) => 30_000 - i * 100);
    expect(pricesSeen({ entry: { price: prices.at(-1)!, prices }, price: 1_000 })).toEqual([...prices.slice(1), 1_000]);
  });
});
