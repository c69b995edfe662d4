import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJson, parseYaml, pointerSegments, toPointer } from './parse.ts';
import { jsonErrorOffset } from './jsonScan.ts';
import { decodeUtf8 } from './textEncoding.ts';

const RECORD = [
  'name: NO', //                    1
  'flags: [yes, off, ~]', //        2
  'postcode: 0800', //              3
  'base: &base', //                 4
  '  city: Sydney', //              5
  '  state: NSW', //                6
  'address:', //                    7
  '  <<: *base', //                 8
  '  street: "1 Main St"', //       9
  'list:', //                       10
  '  - a: 1', //                    11
  '  - a: 2', //                    12
  '    b:', //                      13
  '',
].join('\n');

describe('parseYaml', () => {
  it('reads YAML 1.2 core: NO/yes/off stay strings, 0800 is decimal, ~ is null', () => {
    const { value, diagnostics, ok } = parseYaml({ file: 'r.yaml', text: RECORD });
    expect(diagnostics).toEqual([]);
    expect(ok).toBe(true);
    expect(value).toMatchObject({ name: 'NO', flags: ['yes', 'off', null], postcode: 800 });
  });

  it('resolves merge keys and locates merged values at their anchor', () => {
    const parsed = parseYaml({ file: 'r.yaml', text: RECORD });
    expect((parsed.value as { address: unknown }).address).toEqual({ city: 'Sydney', state: 'NSW', street: '1 Main St' });
    expect(parsed.locate({ pointer: '/address/city' })).toEqual({ line: 5, col: 9 });
    expect(parsed.locate({ pointer: '/address/street' })).toEqual({ line: 9, col: 11 });
    expect(parsed.locate({ pointer: '/address/street', target: 'key' })).toEqual({ line: 9, col: 3 });
  });

  it('locates list items, empty values and missing properties', () => {
    const parsed = parseYaml({ file: 'r.yaml', text: RECORD });
    expect(parsed.locate({ pointer: '/list/1/a' })).toEqual({ line: 12, col: 8 });
    expect(parsed.locate({ pointer: '/list/1/b' })).toEqual({ line: 13, col: 5 }); // empty value -> its key
    expect(parsed.locate({ pointer: '/list/1/missing' })).toEqual({ line: 12, col: 5 }); // nearest ancestor
    expect(parsed.locate({ pointer: '' })).toEqual({ line: 1, col: 1 });
  });

  it('gives CRLF files the same positions as LF files', () => {
    const lf = parseYaml({ file: 'r.yaml', text: RECORD });
    const crlf = parseYaml({ file: 'r.yaml', text: RECORD.replace(/\n/g, '\r\n') });
    for (const pointer of ['/name', '/address/city', '/address/street', '/list/1/a', '/list/1/b'])
      expect(crlf.locate({ pointer })).toEqual(lf.locate({ pointer }));
  });

  it('does not count a byte-order mark as a column', () => {
    const parsed = parseYaml({ file: 'r.yaml', text: '\ufeffname: x\nslug: y\n' });
    expect(parsed.value).toEqual({ name: 'x', slug: 'y' });
    expect(parsed.locate({ pointer: '/name' })).toEqual({ line: 1, col: 7 });
  });

  it('reports a duplicate key as an error with its name, line and pointer, and keeps validating', () => {
    const parsed = parseYaml({ file: 'r.yaml', text: 'a: 1\nb:\n  c: 1\n  "c": 2\n' });
    expect(parsed.ok).toBe(true);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ line: 4, col: 3, pointer: '/b/c', severity: 'error', code: 'duplicate-key', message: 'duplicate key "c"' }),
    ]);
  });

  it('reports syntax errors with positions and marks the document unusable', () => {
    const parsed = parseYaml({ file: 'r.yaml', text: 'a: 1\nb: [1, 2\nc:\n\t- x\n' });
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics.length).toBeGreaterThan(0);
    for (const d of parsed.diagnostics) {
      expect(d.severity).toBe('error');
      expect(d.line).toBeGreaterThan(1);
      expect(d.hint).toBeTruthy();
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-z:\-[\]{}&*<>!|'"#\n\t %@`,?0-9]{0,80}$/)), (text) => {
        const parsed = parseYaml({ file: 'x.yaml', text });
        parsed.locate({ pointer: '/a/0/b' });
        return Array.isArray(parsed.diagnostics);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseJson', () => {
  const FEED = '[\n  {"id": 1, "price": 10},\n  {"id": 2,\n   "price": "x"}\n]\n';

  it('parses with JSON.parse and maps pointers to positions', () => {
    const parsed = parseJson({ file: 's.json', text: FEED });
    expect(parsed.value).toEqual([
      { id: 1, price: 10 },
      { id: 2, price: 'x' },
    ]);
    expect(parsed.locate({ pointer: '/1/price' })).toEqual({ line: 4, col: 13 });
    expect(parsed.locate({ pointer: '/1/price', target: 'key' })).toEqual({ line: 4, col: 4 });
    expect(parsed.locate({ pointer: '/0/id' })).toEqual({ line: 2, col: 10 });
  });

  it('reports the position of a syntax error', () => {
    expect(parseJson({ file: 's.json', text: '[\n  {"id": 1,}\n]' }).diagnostics).toEqual([
      expect.objectContaining({ line: 2, col: 12, severity: 'error', code: 'json-syntax', message: 'invalid JSON: unexpected "}"' }),
    ]);
    expect(parseJson({ file: 's.json', text: '[1, 2' }).diagnostics[0]).toMatchObject({ line: 1, col: 6, message: 'invalid JSON: unexpected end of file' });
  });

  it('finds the first error offset exactly where JSON.parse fails, and -1 for valid JSON', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), (json, at, junk) => {
        expect(jsonErrorOffset(json)).toBe(-1);
        const broken = json.slice(0, at % (json.length + 1)) + junk;
        let parses = true;
        try {
          JSON.parse(broken);
        } catch {
          parses = false;
        }
        expect(jsonErrorOffset(broken) === -1).toBe(parses);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseJson within bounds', () => {
  const row = (extra: string) => `[\n  {"id": 1},\n  {"id": 2, "extra": ${extra}}\n]\n`;

  it('refuses a feed nested past the limit before JSON.parse reads it, at the first collection too deep', () => {
    // The feed's list and a row's object are the first two levels.
    expect(parseJson({ file: 's.json', text: row('['.repeat(62) + ']'.repeat(62)) }).ok).toBe(true);
    expect(parseJson({ file: 's.json', text: row('['.repeat(63) + ']'.repeat(63)) }).diagnostics).toEqual([
      expect.objectContaining({
        line: 3,
        col: 84,
        pointer: `/1/extra${'/0'.repeat(62)}`,
        code: 'too-deep',
        message: 'nests more than 64 levels deep (the nesting depth limit)',
      }),
    ]);
    expect(parseJson({ file: 's.json', text: '['.repeat(1_000_000) }).diagnostics.map((d) => d.code)).toEqual(['too-deep']);
  });

  it('reports a byte that is not UTF-8 at the field it is in', () => {
    const bytes = Buffer.concat([
      Buffer.from('[\n  {"id": 1, "name": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('"},\n  {"id": 2, "model": "R'),
      Buffer.from([0xff]),
      Buffer.from('"}\n]'),
    ]);
    const { text, invalid } = decodeUtf8(bytes);
    expect(parseJson({ file: 's.json', text, invalidUtf8: invalid ?? undefined }).diagnostics).toEqual([
      expect.objectContaining({
        line: 2,
        col: 25,
        pointer: '/0/name',
        code: 'encoding',
        message: 'is not UTF-8: byte 0xE9 here cannot be read (and 1 more such place)',
      }),
    ]);
  });
});

describe('pointers', () => {
  it('round-trips escaped segments', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pointerSegments('')).toEqual([]);
  });
});
