import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJson } from './parse.ts';
import { resolveCars } from './resolve.ts';
import { createStockMemory } from './stockMemo.ts';
import { validateStock } from './validate.ts';

const FILE = '/feeds/stock.json';
const MAX_CARS = 1000;
const memory = createStockMemory();
const forgetStock = memory.forget;
const rememberStock = memory.remember;
const rememberedStock = memory.remembered;

type Row = Record<string, unknown>;

function car(id: number, price = 20_000 + id): Row {
  return {
    id,
    slug: `2023-toyota-corolla-${id}`,
    name: '2023 Toyota Corolla',
    make: 'Toyota',
    model: 'Corolla',
    year: 2023,
    car_type: 'used',
    status: 'in_stock',
    created_at: '2025-05-01T00:00:00Z',
    dealership_slug: 'bayside-cars',
    dealership_id: 700,
    price,
  };
}

/** What loadDealer makes of a feed read whole: its cars when clean, null when it has a problem. */
function readWhole(text: string) {
  const stock = validateStock({ parsed: parseJson({ file: FILE, text }), maxCars: MAX_CARS });
  return { cars: resolveCars({ cars: stock.cars }), clean: stock.diagnostics.length === 0 };
}

/** Remembers `text` as a build would, read whole. */
function remember(text: string): void {
  forgetStock({ file: FILE });
  const whole = readWhole(text);
  expect(whole.clean).toBe(true);
  rememberStock({ source: { file: FILE, text }, cars: whole.cars });
}

const layouts = [
  (rows: Row[]) => JSON.stringify(rows, null, 2),
  (rows: Row[]) => JSON.stringify(rows),
  (rows: Row[]) => `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`,
];

describe('the remembered stock feed', () => {
  it('gives the same cars as reading the whole feed, or reads the whole feed, after any edit of its text', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), at: fc.nat(), price: fc.integer({ min: 1000, max: 90_000 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), id: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant('bad' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('splice' as const),
        at: fc.nat(),
        remove: fc.nat({ max: 3 }),
        insert: fc.constantFrom('', ',', ' ', '{', '}', ']', '[', '"', '1', ',{}', '\n'),
      }),
    );
    // How many edits the remembered feed answered (not vacuous: most edits are clean changes of rows).
    let answered = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.nat({ max: layouts.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        (count, layout, edits) => {
          const rows = Array.from({ length: count }, (_, i) => car(i + 1));
          const before = layouts[layout](rows);
          remember(before);
          let text = before;
          for (const e of edits) {
            const at = rows.length ? e.at % rows.length : 0;
            if (e.kind === 'price' && rows.length) rows[at] = { ...rows[at], price: e.price };
            if (e.kind === 'remove' && rows.length) rows.splice(at, 1);
            if (e.kind === 'insert') rows.splice(e.at % (rows.length + 1), 0, car(100 + e.id));
            if (e.kind === 'bad' && rows.length) rows[at] = { ...rows[at], year: 'soon' };
            text = layouts[layout](rows);
            if (e.kind === 'splice') {
              const offset = e.at % (text.length + 1);
              text = text.slice(0, offset) + e.insert + text.slice(offset + e.remove);
            }
          }
          const cars = rememberedStock({ source: { file: FILE, text }, maxCars: MAX_CARS });
          if (cars === null) return;
          answered += 1;
          const whole = readWhole(text);
          expect(whole.clean).toBe(true);
          expect(cars).toEqual(whole.cars);
        },
      ),
      { numRuns: 2000, seed: 20_261_126 },
    );
    expect(answered).toBeGreaterThan(800);
  });

  it('keeps every unchanged car as the same object, and reads the changed row again', () => {
    const rows = Array.from({ length: 50 }, (_, i) => car(i + 1));
    const text = JSON.stringify(rows, null, 2);
    remember(text);
    const first = rememberedStock({ source: { file: FILE, text }, maxCars: MAX_CARS })!;
    rows[20] = { ...rows[20], price: 12_345 };
    const next = rememberedStock({ source: { file: FILE, text: JSON.stringify(rows, null, 2) }, maxCars: MAX_CARS })!;
    expect(next).not.toBeNull();
    expect(next[20].price).toBe(12_345);
    expect(next.filter((c, i) => c === first[i]).length).toBe(49);
  });

  it('reads the whole feed when a changed row has a problem, or repeats the id of a kept row', () => {
    const rows = Array.from({ length: 5 }, (_, i) => car(i + 1));
    remember(JSON.stringify(rows, null, 2));
    const bad = rows.map((r, i) => (i === 2 ? { ...r, price: 'cheap' } : r));
    expect(rememberedStock({ source: { file: FILE, text: JSON.stringify(bad, null, 2) }, maxCars: MAX_CARS })).toBeNull();
    const duplicate = rows.map((r, i) => (i === 2 ? { ...r, id: 1 } : r));
    expect(rememberedStock({ source: { file: FILE, text: JSON.stringify(duplicate, null, 2) }, maxCars: MAX_CARS })).toBeNull();
  });

  it('reads the whole feed when it has more cars than the limit', () => {
    const rows = Array.from({ length: 3 }, (_, i) => car(i + 1));
    remember(JSON.stringify(rows));
    expect(rememberedStock({ source: { file: FILE, text: JSON.stringify([...rows, car(9)]) }, maxCars: 3 })).toBeNull();
    remember(JSON.stringify(rows));
    expect(rememberedStock({ source: { file: FILE, text: JSON.stringify(rows) }, maxCars: 2 })).toBeNull();
  });
});
