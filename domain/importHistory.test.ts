import { describe, expect, it } from 'vitest';
import { emptyHistory, historyText, parseHistory, pricesSeen, type ImportHistory } from './importHistory.ts';

const history: ImportHistory = {
  version: 1,
  last: null,
  cars: {
    'vin:B': {
      id: 200000001,
      slug: 'b',
      first_seen: '2026-01-01T00:00:00.000Z',
      last_seen: null,
      listed: true,
      price: 1000,
      before_price: null,
      sold_date: null,
      car: { name: 'B', make: 'Kia', model: 'Rio', year: 2020, car_type: 'used', created_at: '2026-01-01', vin: 'B', stocknum: null },
    },
    'vin:A': {
      id: 200000002,
      slug: 'a',
      first_seen: '2026-01-02T00:00:00.000Z',
      last_seen: null,
      listed: false,
      price: null,
      before_price: null,
      sold_date: null,
      car: { name: 'A', make: 'Kia', model: 'Rio', year: 2021, car_type: 'new', created_at: '2026-01-02', vin: 'A', stocknum: null },
    },
  },
};

describe('import history format', () => {
  it('round-trips through its file text, one car a line in key order', () => {
    const text = historyText(history);
    expect(parseHistory(text)).toEqual(history);
    expect(text.split('\n')[1]).toMatch(/^"vin:A"/);
    expect(historyText(parseHistory(text))).toBe(text);
  });

  it('writes an empty history as one line', () => {
    expect(historyText(emptyHistory())).toBe('{"version":1,"last":null,"cars":{}}\n');
  });

  it.each(['{"version":2,"cars":{}}', '{"version":1,"cars":null}', '{"version":1}', 'null', '[]'])('refuses %s', (text) => {
    expect(() => parseHistory(text)).toThrow('not an import history (version 1)');
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseHistory('{"version":1,')).toThrow(SyntaxError);
  });
});

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
