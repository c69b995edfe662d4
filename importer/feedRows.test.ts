import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFeed, FeedParseError, parseFeed } from './feedRows.ts';
import { fieldRules } from './fieldSpec.ts';
import { mapRows } from './mapRows.ts';
import { rejectedReport } from './report.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('parseFeed: CSV', () => {
  it('reads a BOM, CRLF, quoted commas and newlines, and numbers rows as a spreadsheet does (blank lines counted, skipped)', () => {
    const text = decodeFeed({
      bytes: utf8('\ufeffVIN,Trim,Price\r\nA1,"EX-L, Leather",1\r\n\r\nA2,"two\r\nlines",2\r\nA3,x,3,extra\r\nA4,"say ""hi""",4\r\n'),
      encoding: 'utf-8',
    });
    const parsed = parseFeed({ text, format: 'csv', records: null });
    expect(parsed.columns).toEqual(['VIN', 'Trim', 'Price']);
    expect(parsed.rows.map((row) => [row.row, row.cell('VIN'), row.cell('Trim')])).toEqual([
      [2, 'A1', 'EX-L, Leather'],
      [4, 'A2', 'two\r\nlines'],
      [6, 'A4', 'say "hi"'],
    ]);
    expect(parsed.broken).toEqual([{ row: 5, reason: 'has 4 fields, the header has 3' }]);
    expect(parsed.rows[0].cell('Nope')).toBeUndefined();
  });

  it('reads TSV', () => {
    const parsed = parseFeed({ text: 'vin\tprice\nA1\t10,499.00 USD\n', format: 'tsv', records: null });
    expect(parsed.rows[0].cell('price')).toBe('10,499.00 USD');
  });

  it('decodes Windows-1252 when the record says so, and refuses it as UTF-8 with what to set', async () => {
    const bytes = await readFile(path.join(FIXTURES, 'inventory-1252.csv'));
    const parsed = parseFeed({ text: decodeFeed({ bytes, encoding: 'windows-1252' }), format: 'csv', records: null });
    expect(parsed.rows.map((row) => [row.cell('Make'), row.cell('Colour')])).toEqual([
      ['Citroën', 'Grün – metallic'],
      ['Škoda', 'Café'],
    ]);
    expect(() => decodeFeed({ bytes, encoding: 'utf-8' })).toThrow(/set feed.encoding: windows-1252/);
  });

  it('refuses text that is not CSV at all', () => {
    expect(() => parseFeed({ text: 'a,b\n"unterminated,1\n', format: 'csv', records: null })).toThrow(FeedParseError);
  });
});

describe('parseFeed: XML and JSON', () => {
  it('reads XML rows at the records path: text, attributes, repeated elements as lists', async () => {
    const text = await readFile(path.join(FIXTURES, 'vehicles.xml'), 'utf8');
    const parsed = parseFeed({ text, format: 'xml', records: '/inventory/vehicle' });
    expect(parsed.rows).toHaveLength(3);
    const [first] = parsed.rows;
    expect([first.cell('@stock'), first.cell('trim'), first.cell('price'), first.cell('photos/photo')]).toEqual([
      'X100',
      'Ascent Sport & Hybrid',
      '31,490',
      ['https://cdn.example/x100-1.jpg', 'https://cdn.example/x100-2.jpg'],
    ]);
    expect(parsed.columns).toEqual(expect.arrayContaining(['vin', 'photos/photo', '@stock', 'price']));
  });

  it('refuses XML that declares entities (a billion-laughs file), and names a missing records path', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><x>&b;</x>';
    expect(() => parseFeed({ text: bomb, format: 'xml', records: '/x' })).toThrow(/declares XML entities/);
    expect(() => parseFeed({ text: '<a><b/></a>', format: 'xml', records: '/inventory/vehicle' })).toThrow(/has nothing at \/inventory\/vehicle/);
  });

  it('reads JSON rows from the root array or a records path, numbers as text', () => {
    const parsed = parseFeed({ text: '{"data":{"cars":[{"vin":"A","price":{"amount":12000}},{"vin":"B"}]}}', format: 'json', records: '/data/cars' });
    expect(parsed.rows.map((row) => [row.row, row.cell('vin'), row.cell('price/amount')])).toEqual([
      [1, 'A', '12000'],
      [2, 'B', undefined],
    ]);
    expect(parseFeed({ text: '[{"vin":"A"}]', format: 'json', records: null }).rows[0].cell('vin')).toBe('A');
    expect(() => parseFeed({ text: '[{', format: 'json', records: null })).toThrow(/is not JSON/);
  });
});

describe('mapRows and the rejected-row report', () => {
  const rules = fieldRules({
    map: {
      vin: 'VIN',
      year: 'Year',
      make: 'Make',
      model: 'Model',
      price: { column: 'Internet Price', as: 'money' },
      car_type: { column: 'Type', values: { N: 'new', U: 'used' } },
      images: { column: 'Photos', split: '|' },
    },
  });
  const csv = [
    'VIN,Year,Make,Model,Internet Price,Type,Photos',
    'V1,2020,Mazda,CX-5,"$29,990",U,https://cdn.example/1.jpg',
    'V2,2021,Mazda,CX-3,"$2O,990",U,',
    'v1,2020,Mazda,CX-5,"$29,990",U,',
    'V4,2021,,BT-50,1,U,',
    'V5,2021,Mazda,BT-50,1,X,',
    'V6,2021,Mazda,BT-50,1,N,javascript:alert(1)',
    ',2021,Mazda,BT-50,1,N,',
    'V8,1885,Mazda,BT-50,1,N,',
  ].join('\n');

  it('rejects each bad row once, with its column, text and reason, in the issue-tracker format', () => {
    const { cars, rejected, heldKeys } = mapRows({ parsed: parseFeed({ text: csv, format: 'csv', records: null }), rules, timeZone: 'UTC' });
    expect(cars.map((car) => [car.row, car.key, car.values.name])).toEqual([[2, 'vin:V1', '2020 Mazda CX-5']]);
    expect(rejectedReport({ source: 'inventory.csv', rejected })).toEqual([
      'inventory.csv:row 3:"Internet Price"  "$2O,990"  not a number',
      'inventory.csv:row 4:"VIN"  "V1"  duplicate of row 2',
      'inventory.csv:row 5:"Make"  ""  required',
      'inventory.csv:row 6:"Type"  "X"  not one of n, u',
      'inventory.csv:row 7:"Photos"  "javascript:alert(1)"  not an http(s) URL',
      'inventory.csv:row 8:"VIN"  ""  needs a VIN or a stock number',
      'inventory.csv:row 9:"Year"  "1885"  not a model year (1886 to 2100)',
    ]);
    expect([...heldKeys].sort()).toEqual(['vin:V2', 'vin:V4', 'vin:V5', 'vin:V6', 'vin:V8']);
  });

  it('prints at most the limit and counts the rest', () => {
    const rejected = Array.from({ length: 23 }, (_, i) => ({ row: i + 2, column: 'Year', value: 'x', reason: 'not a whole number' }));
    const lines = rejectedReport({ source: 'inventory.csv', rejected });
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('inventory.csv: and 3 more rejected rows');
  });
});
