import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { parseJson, parseYaml } from './parse.ts';
import { problemsFromAjv } from '../schema/errorWords.ts';
import { recordValidators, validateRecord, validateStock } from './validate.ts';
import { formatDiagnostic } from './diagnostic.ts';

const TEMPLATES = ['franchise', 'used', 'group'];
const BROKEN = 'fixtures/records/broken/broken-motors/dealer.yaml';
const BROKEN_STOCK = 'fixtures/records/broken/broken-motors/stock.json';
const SPEC_ONLY = 'fixtures/records/valid/spec-only/dealer.yaml';

const load = (file: string) => parseYaml({ file, text: readFileSync(file, 'utf8') });
const brief = (d: { line: number; col: number; pointer: string; message: string; severity: string }) =>
  `${d.line}:${d.col} ${d.pointer} ${d.severity}: ${d.message}`;

describe('validateRecord', () => {
  it('accepts a record that uses only SPEC fields', () => {
    const result = validateRecord({ parsed: load(SPEC_ONLY), templates: TEMPLATES });
    expect(result.diagnostics).toEqual([]);
    expect(result.record?.name).toBe('Spec Only Motors');
  });

  it('reports every problem of the broken fixture with exact line:col and pointer', () => {
    const result = validateRecord({ parsed: load(BROKEN), templates: TEMPLATES });
    expect(result.record).toBeNull();
    expect(result.diagnostics.map(brief).sort()).toEqual(
      [
        '1:1 /email error: is required',
        '4:12 /dealer_id error: must be integer',
        '6:14 /logo/url error: must be a safe URL: http(s), tel, mailto or a site-relative path',
        '8:1 /emial error: is not a known field',
        '13:13 /address/postcode error: must be 4 digits',
        // merged from the &addr anchor, so it points at the anchor's line
        '13:13 /locations/0/address/postcode error: must be 4 digits',
        '24:5 /locations/0/position error: duplicate key "position"',
        '27:11 /locations/1/slug error: duplicate location slug "main" (also /locations/0/slug)',
        '28:20 /locations/1/location_type error: must be one of: "sales", "service", "parts", "dealership"',
        '29:77 /locations/1/address/postcode error: must be string',
        '35:11 /features/banner error: must be boolean',
        '36:22 /default_search_path error: must be a search path such as /search/new-cars',
      ].sort(),
    );
  });

  it('hints what to do: did you mean, quoting, booleans', () => {
    const byPointer = new Map(validateRecord({ parsed: load(BROKEN), templates: TEMPLATES }).diagnostics.map((d) => [d.pointer, d]));
    expect(byPointer.get('/emial')?.hint).toBe('did you mean "email"?');
    expect(byPointer.get('/locations/1/location_type')?.hint).toBe('did you mean "service"?');
    expect(byPointer.get('/locations/1/address/postcode')?.hint).toMatch(/^Quote the value/);
    expect(byPointer.get('/features/banner')?.hint).toMatch(/true or false/);
    expect(byPointer.get('/dealer_id')?.hint).toBe('Write the number without quotes, $ or commas: 301.');
  });

  it('keeps NO a string (a location and a nav item are named NO and validate)', () => {
    const parsed = load(BROKEN);
    const value = parsed.value as { locations: { name: unknown }[]; navigation: { header: { name: unknown }[] } };
    expect(value.locations[0].name).toBe('NO');
    expect(value.navigation.header[0].name).toBe('NO');
    expect(validateRecord({ parsed, templates: TEMPLATES }).diagnostics.some((d) => d.pointer.endsWith('/name'))).toBe(false);
  });

  it('reports a CRLF file at the same lines as LF', () => {
    const file = 'fixtures/records/crlf/crlf-motors/dealer.yaml';
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('\r\n');
    const crlf = validateRecord({ parsed: parseYaml({ file, text }), templates: TEMPLATES }).diagnostics.map(brief);
    const lf = validateRecord({ parsed: parseYaml({ file, text: text.replace(/\r\n/g, '\n') }), templates: TEMPLATES }).diagnostics.map(brief);
    expect(crlf).toEqual(['13:13 /address/postcode error: must be 4 digits', '16:19 /features/chat error: must be boolean']);
    expect(crlf).toEqual(lf);
  });

  it('checks postcode length by region: US takes a 5-digit ZIP, AU and NZ 4 digits', () => {
    const base = readFileSync(SPEC_ONLY, 'utf8');
    const us = base.replace(/postcode: "2000"/g, 'postcode: "90210"') + 'region: US\n';
    expect(validateRecord({ parsed: parseYaml({ file: 'us.yaml', text: us }) }).diagnostics).toEqual([]);
    const usShort = base + 'region: US\n';
    expect(validateRecord({ parsed: parseYaml({ file: 'us.yaml', text: usShort }) }).diagnostics.map((d) => `${d.pointer} ${d.message}`)).toEqual([
      '/address/postcode must be a 5-digit ZIP code',
      '/locations/0/address/postcode must be a 5-digit ZIP code',
    ]);
    const nz = base.replace('postcode: "2000"', 'postcode: "20001"') + 'region: NZ\n';
    expect(validateRecord({ parsed: parseYaml({ file: 'nz.yaml', text: nz }) }).diagnostics.map((d) => `${d.pointer} ${d.message}`)).toEqual([
      '/address/postcode must be 4 digits',
    ]);
  });

  it('reports an unknown template with a suggestion', () => {
    const text = readFileSync(SPEC_ONLY, 'utf8').replace('template: franchise', 'template: franchse');
    const [d] = validateRecord({ parsed: parseYaml({ file: 'x.yaml', text }), templates: TEMPLATES }).diagnostics;
    expect(d).toMatchObject({ line: 4, col: 11, pointer: '/template', message: 'unknown template "franchse"', hint: 'did you mean "franchise"?' });
  });

  it('reports duplicate navigation keys and unknown config location ids', () => {
    const text = readFileSync(SPEC_ONLY, 'utf8').replace('_key: models', '_key: home').replace('locations: [1]', 'locations: [1, 7]');
    expect(validateRecord({ parsed: parseYaml({ file: 'x.yaml', text }) }).diagnostics.map((d) => `${d.pointer} ${d.message}`)).toEqual([
      '/navigation/header/1/_key duplicate navigation _key "home" (also /navigation/header/0/_key)',
      '/config/locations/1 location id 7 is not one of /locations',
    ]);
  });

  it("valuation: off names each of the record's own links to a valuation page (a warning: the build leaves them out)", () => {
    const text = readFileSync(SPEC_ONLY, 'utf8')
      .replace('garage_enabled: false', 'garage_enabled: false\nvaluation: off')
      .replace('url: /search/new-cars }', 'url: /search/new-cars }\n        - { _key: sell, _type: link, name: Sell Your Car, url: /valuations }')
      .replace('url: /privacy-policy, className: small }', 'url: "/cars/trade-in?car_id=3" }');
    const diagnostics = validateRecord({ parsed: parseYaml({ file: 'x.yaml', text }), templates: TEMPLATES }).diagnostics;
    expect(diagnostics.map((d) => `${d.pointer} ${d.severity}: ${d.message}`)).toEqual([
      '/navigation/header/2/dropdownItems/1/url warning: links to a valuation page, which valuation: off does not build: the link is left out of the site',
      '/navigation/footer/0/url warning: links to a valuation page, which valuation: off does not build: the link is left out of the site',
    ]);
    expect(diagnostics[0]).toMatchObject({ line: 70, hint: 'Remove the link, or set valuation: lead to build the valuation pages.' });
    // The same links on a site that builds the pages are fine.
    expect(
      validateRecord({ parsed: parseYaml({ file: 'x.yaml', text: text.replace('valuation: off', 'valuation: lead') }), templates: TEMPLATES }).diagnostics,
    ).toEqual([]);
  });

  it('rejects unsafe URLs anywhere a URL goes', () => {
    const text = readFileSync(SPEC_ONLY, 'utf8')
      .replace('url: /\n', 'url: "javascript:alert(1)"\n')
      .replace('https://g.page/r/spec/review', '//evil.example')
      .replace('facebook_url: https://facebook.com/specmotors', 'facebook_url: "data:text/html,x"');
    const pointers = validateRecord({ parsed: parseYaml({ file: 'x.yaml', text }) }).diagnostics.map((d) => `${d.pointer} ${d.code}`);
    expect(pointers.sort()).toEqual(['/facebook_url format', '/gmb_profiles/0/review_url format', '/navigation/header/0/url format']);
  });

  it('skips schema validation after a syntax error but reports it', () => {
    const result = validateRecord({ parsed: parseYaml({ file: 'x.yaml', text: 'name: [a\nslug: b\n' }) });
    expect(result.record).toBeNull();
    expect(result.diagnostics.every((d) => d.code === 'yaml-syntax')).toBe(true);
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });

  it('never throws on arbitrary YAML text or arbitrary YAML values', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => stringify(v)),
          fc.dictionary(fc.constantFrom('name', 'slug', 'locations', 'address', 'navigation', 'features', 'x'), fc.jsonValue()).map((v) => stringify(v)),
        ),
        (text) => {
          const result = validateRecord({ parsed: parseYaml({ file: 'x.yaml', text }), templates: TEMPLATES });
          for (const d of result.diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(formatDiagnostic(d)).toContain('x.yaml:');
          }
          return result.record === null || typeof result.record === 'object';
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('ajv cascade collapsing', () => {
  const problemsFor = (record: unknown) => {
    const validate = recordValidators.dealerRecord();
    validate(record);
    return problemsFromAjv(validate.errors ?? []).filter((p) => p.pointer.startsWith('/locations/0/reviews'));
  };
  const withReviews = (reviews: unknown) => ({
    locations: [{ id: 1, name: 'a', slug: 'a', location_type: 'sales', address: {}, contact_detail: {}, reviews }],
  });

  it('merges branches that all failed at the value into one message', () => {
    expect(problemsFor(withReviews('great')).map((p) => `${p.pointer} ${p.message}`)).toEqual(['/locations/0/reviews must be null or object']);
  });

  it('keeps only the branch that got further into the value', () => {
    expect(problemsFor(withReviews({ count: 'many', average_rating: '4.8' })).map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/locations/0/reviews/count must be integer',
    ]);
  });
});

describe('validateStock', () => {
  const parsed = parseJson({ file: BROKEN_STOCK, text: readFileSync(BROKEN_STOCK, 'utf8') });

  it('skips bad rows with warnings naming index and id, keeps good rows', () => {
    const result = validateStock({ parsed });
    expect(result.cars.map((c) => c.id)).toEqual([9001, 9200]);
    expect(result.skipped).toBe(2);
    expect(result.diagnostics.map(brief)).toEqual([
      '10:14 /1/price warning: car id 9123: /price must be number',
      '16:63 /2/colur warning: car id 9200: /colur is not a known field (ignored)',
      '19:11 /3/id warning: car id 9001: /id duplicates the id of row /0; row skipped',
    ]);
    expect(result.diagnostics[1].hint).toBe('did you mean "colour"?');
    expect(result.cars[1]).not.toHaveProperty('colur');
  });

  it('formats a stock diagnostic as path:line:col  pointer  message', () => {
    expect(formatDiagnostic(validateStock({ parsed }).diagnostics[0]).split('\n')[0]).toBe(
      `${BROKEN_STOCK}:10:14  /1/price  warning: car id 9123: /price must be number`,
    );
  });

  it('warns about a sold car (status or flag) without sold_date, keeps the car, says nothing when the date is there', () => {
    const row = (extra: Record<string, unknown>) => ({
      id: 1,
      slug: 'car-1',
      name: 'Car',
      make: 'Kia',
      model: 'Rio',
      year: 2020,
      car_type: 'used',
      status: 'in_stock',
      created_at: '2025-01-01T00:00:00Z',
      price: 10000,
      dealership_slug: 'x',
      dealership_id: 1,
      ...extra,
    });
    const rows = [
      row({ id: 1, slug: 'a', status: 'sold' }),
      row({ id: 2, slug: 'b', sold: true }),
      row({ id: 3, slug: 'c', sold: true, sold_date: '2025-01-02' }),
      row({ id: 4, slug: 'd' }),
    ];
    const result = validateStock({ parsed: parseJson({ file: 's.json', text: JSON.stringify(rows, null, 1) }) });
    expect(result.cars.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(result.diagnostics.map((d) => `${d.pointer} ${d.severity}: ${d.message}`)).toEqual([
      '/0/status warning: car id 1: /status is sold but has no sold_date; the car is hidden because its sold window cannot be counted',
      '/1/sold warning: car id 2: /sold is sold but has no sold_date; the car is hidden because its sold window cannot be counted',
    ]);
  });

  it('reports a feed that is not a list as an error', () => {
    const result = validateStock({ parsed: parseJson({ file: 's.json', text: '{"cars": []}' }) });
    expect(result.cars).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', line: 1, col: 1, pointer: '' })]);
  });
});

describe('names that become path segments', () => {
  const specOnly = readFileSync(SPEC_ONLY, 'utf8');
  const errors = (text: string) =>
    validateRecord({ parsed: parseYaml({ file: 'r.yaml', text }), templates: TEMPLATES })
      .diagnostics.filter((d) => d.code === 'path-too-long')
      .map((d) => `${d.line}:${d.col} ${d.pointer}`);
  const withModel = (slug: string) => `${specOnly}models:\n  - { manufacturer_name: Audi, name: A4, slug: ${slug} }\n`;

  it('takes a model slug of 255 bytes and refuses 256, at the field', () => {
    expect(errors(withModel('a'.repeat(255)))).toEqual([]);
    expect(errors(withModel('a'.repeat(256)))).toEqual(['116:48 /models/0/slug']);
  });

  it('measures a location name as its /contact-us/ segment: " - Sales" dropped, slugified', () => {
    const named = (name: string) => specOnly.replace('name: Spec Only Motors - Sales', `name: ${name}`);
    expect(errors(named(`${'a'.repeat(255)} - Sales`))).toEqual([]);
    expect(errors(named(`${'a'.repeat(256)} - Sales`))).toEqual(['20:11 /locations/0/name']);
    expect(errors(named('Long '.repeat(60)))).toEqual(['20:11 /locations/0/name']);
  });

  it('counts bytes, not characters, in a page path, and names the segment in the message', () => {
    const page = (path: string) => `${specOnly}pages:\n  - { path: "/info/${path}", title: T, body: B }\n`;
    expect(errors(page('é'.repeat(127) + 'a'))).toEqual([]);
    const result = validateRecord({ parsed: parseYaml({ file: 'r.yaml', text: page('é'.repeat(128)) }), templates: TEMPLATES });
    const problem = result.diagnostics.find((d) => d.code === 'path-too-long');
    expect(problem).toMatchObject({
      pointer: '/pages/0/path',
      message: `becomes the path segment "${'é'.repeat(37)}..." of 256 bytes; a file name holds at most 255`,
    });
  });

  it('keeps the dealer slug short enough for its versioned output folder', () => {
    const slugged = (slug: string) => specOnly.replace('slug: spec-only\n', `slug: ${slug}\n`);
    expect(errors(slugged('a'.repeat(216)))).toEqual([]);
    expect(errors(slugged('a'.repeat(217)))).toEqual(['3:7 /slug']);
  });

  it('skips a car whose slug, make or model would be too long, with a warning at the field', () => {
    const car = { id: 1, slug: 'a', name: 'A', make: 'Kia', model: 'Rio', year: 2020, car_type: 'used', status: 'in_stock', created_at: '2025-01-01' };
    const rows = [
      { ...car, id: 1, slug: 's1', model: 'r'.repeat(255) },
      { ...car, id: 2, slug: 's2', model: 'r'.repeat(256) },
      { ...car, id: 3, slug: 'x'.repeat(256) },
      { ...car, id: 4, slug: 's4', make: 'k'.repeat(300) },
    ].map((row) => ({ ...row, price: 1, dealership_slug: 'd', dealership_id: 1 }));
    const result = validateStock({ parsed: parseJson({ file: 's.json', text: JSON.stringify(rows, null, 1) }) });
    expect(result.cars.map((c) => c.id)).toEqual([1]);
    expect(result.diagnostics.map((d) => `${d.pointer} ${d.severity}`)).toEqual(['/1/model warning', '/2/slug warning', '/3/make warning']);
    expect(result.diagnostics[0].hint).toMatch(/This car is skipped until fixed\.$/);
  });
});

describe('a site-relative URL as a browser reads it', () => {
  it('refuses "/<tab>/host" and its newline and backslash variants at the field, with line:col', () => {
    const text = readFileSync(SPEC_ONLY, 'utf8')
      .replace('url: /\n', 'url: "/\\t/evil.example/x"\n')
      .replace('url: /search/new-cars }', 'url: "/\\n/evil.example" }')
      .replace('url: /search/used-cars }', 'url: "/\\t\\\\evil.example" }');
    const found = validateRecord({ parsed: parseYaml({ file: 'r.yaml', text }), templates: TEMPLATES }).diagnostics.map(brief);
    expect(found).toEqual([
      '60:12 /navigation/header/0/url error: must be a safe URL: http(s), tel, mailto or a site-relative path',
      '69:58 /navigation/header/2/dropdownItems/0/url error: must be a safe URL: http(s), tel, mailto or a site-relative path',
      '69:58 /navigation/header/2/dropdownItems/0/url error: contains the control character U+000A (LINE FEED) at character 2',
      '73:64 /navigation/header/2/dropdownMenus/0/items/0/url error: must be a safe URL: http(s), tel, mailto or a site-relative path',
    ]);
  });
});

describe('the cars-per-feed limit', () => {
  const feed = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({})));

  it('checks rows up to the limit, and refuses the feed one row over before checking any', () => {
    const at = validateStock({ parsed: parseJson({ file: 's.json', text: feed(3) }), maxCars: 3 });
    expect(at.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    const over = validateStock({ parsed: parseJson({ file: 's.json', text: feed(4) }), maxCars: 3 });
    expect(over.cars).toEqual([]);
    expect(over.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'too-many-cars',
        pointer: '/3',
        line: 1,
        col: 11,
        message: 'lists 4 cars, over the cars per stock feed limit of 3 (FORECOURT_MAX_CARS); this is the first car past it',
        hint: 'To allow more, raise the limit with --max-cars N or FORECOURT_MAX_CARS=N.',
      }),
    ]);
  });
});
