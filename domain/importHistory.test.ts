import { describe, expect, it } from 'vitest';
import { emptyHistory, historyText, parseHistory, type ImportHistory } from './importHistory.ts';

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
