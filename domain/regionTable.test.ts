/**
 * The region table (domain/regionTable.ts) and the rules read from it: every key for every
 * region, a missing key named, postcode rules at their boundaries (browser and server share
 * validateForm), registration wording, spelling of form text with stored values kept, address
 * and date formats; and a scan that no source file outside the table compares a region code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldsFor, submitText, validateForm } from './formRules.ts';
import { MESSAGES } from './formMessages.ts';
import { formatAddress, formatShortDate, registrationStates, spell } from './region.ts';
import { checkRegionTable, REGION_KEYS, REGION_TABLE, regionTableProblems } from './regionTable.ts';

describe('the region table', () => {
  it.each(Object.keys(REGION_TABLE))('%s has every key', (region) => {
    const row = REGION_TABLE[region as keyof typeof REGION_TABLE] as unknown as Record<string, unknown>;
    for (const key of REGION_KEYS) expect(row[key], `${region}.${key}`).toBeDefined();
    expect(regionTableProblems({ table: { [region]: row } })).toEqual([]);
  });

  it('the real table passes the build check', () => expect(() => checkRegionTable()).not.toThrow());

  it('a missing key fails the build with the region and key named', () => {
    const { currency: _gone, ...us } = REGION_TABLE.US;
    const { label: _label, ...postcode } = REGION_TABLE.NZ.postcode;
    const table = { ...REGION_TABLE, US: us, NZ: { ...REGION_TABLE.NZ, postcode } };
    expect(regionTableProblems({ table })).toEqual(['region NZ lacks key postcode.label', 'region US lacks key currency']);
    expect(() => checkRegionTable({ table })).toThrow(/region NZ lacks key postcode\.label; region US lacks key currency/);
  });

  it('lists every US state and DC, the 8 Australian states and territories, no NZ state', () => {
    expect(REGION_TABLE.US.states).toHaveLength(51);
    expect(REGION_TABLE.US.states.map((s) => s.code)).toEqual(expect.arrayContaining(['DC', 'ID', 'WY', 'CA']));
    expect(REGION_TABLE.AU.states.map((s) => s.code)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(registrationStates('NZ')).toEqual(['NZ']);
  });

  it("states the certified-vehicle program's odometer limit in the region's unit", () => {
    for (const row of Object.values(REGION_TABLE)) {
      const text = row.certified_vehicle_text.join(' ');
      if (row.distance_abbr === 'km') expect(text, row.region).toMatch(/\d km\b/);
      else expect(text, row.region).not.toMatch(/\bkm\b|kilomet/i);
    }
    expect(REGION_TABLE.US.certified_vehicle_text.join(' ')).toMatch(/\d miles\b/);
  });
});

describe('postcode rule by region (the same validateForm runs in the browser and in the lead API)', () => {
  const values = (postcode: string) => ({ name: 'Ann', last_name: 'Lee', email: 'a@b.co', phone: '0412345678', postcode });
  const postcodeError = (region: 'AU' | 'NZ' | 'US', postcode: string) =>
    validateForm({ form: 'contact', values: values(postcode), config: { region, phone_rule: 'au' } }).postcode ?? null;

  it.each([
    ['AU', '2000', null],
    ['AU', '200', MESSAGES.postcode],
    ['AU', '20000', MESSAGES.postcode],
    ['NZ', '1051', null],
    ['NZ', '105', MESSAGES.postcode],
    ['NZ', '10510', MESSAGES.postcode],
    ['US', '83704', null],
    ['US', '12345-6789', null],
    ['US', '8370', REGION_TABLE.US.postcode.message],
    ['US', '837041', REGION_TABLE.US.postcode.message],
    ['US', '12345-678', REGION_TABLE.US.postcode.message],
    ['US', '123456789', REGION_TABLE.US.postcode.message],
  ] as const)('%s %s -> %s', (region, postcode, message) => expect(postcodeError(region, postcode)).toBe(message));

  it("AU and NZ keep SPEC §5's message as written; the US field says ZIP code in the same style", () => {
    expect(MESSAGES.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(REGION_TABLE.US.postcode.message).toBe('Invalid ZIP code. Please enter a 5-digit ZIP code or ZIP+4.');
  });

  it.each([
    ['AU', 'Postcode', 4],
    ['NZ', 'Postcode', 4],
    ['US', 'ZIP code', 10],
  ] as const)('%s field: label %s, maxlength %i', (region, label, maxLength) => {
    const field = fieldsFor({ form: 'enquiry', config: { region } }).find((f) => f.name === 'postcode');
    expect(field).toMatchObject({ label, maxLength });
  });
});

describe('registration fields by region', () => {
  const names = (region: 'AU' | 'NZ' | 'US') => fieldsFor({ form: 'trade-in', config: { region } }).map((f) => `${f.name}:${f.label}`);
  it('AU rego and state, no VIN', () => {
    expect(names('AU')).toEqual(expect.arrayContaining(['rego:Rego', 'regoState:State']));
    expect(names('AU').some((n) => n.startsWith('vin'))).toBe(false);
  });
  it('NZ plate only', () => {
    expect(names('NZ')).toContain('rego:Plate number');
    expect(names('NZ').some((n) => n.startsWith('regoState') || n.startsWith('vin'))).toBe(false);
  });
  it('US license plate, state (50 and DC) or VIN', () => {
    expect(names('US')).toEqual(expect.arrayContaining(['rego:License plate', 'regoState:State', 'vin:VIN']));
    expect(fieldsFor({ form: 'trade-in', config: { region: 'US' } }).find((f) => f.name === 'regoState')?.options).toHaveLength(51);
  });
});

describe('US spelling of form text, stored values kept', () => {
  it('shows Inquire Now and Inquiry categories, stores the Enquiry values', () => {
    expect(submitText({ form: 'enquiry', region: 'US' })).toBe('Inquire Now');
    expect(submitText({ form: 'enquiry', region: 'AU' })).toBe('Enquire Now');
    const category = fieldsFor({ form: 'general', config: { region: 'US' } }).find((f) => f.name === 'category')!;
    expect(category.default).toBe('General Enquiry');
    expect(category.options).toContain('General Enquiry');
    expect(category.optionLabels?.['General Enquiry']).toBe('General Inquiry');
    expect(category.optionLabels?.['Service Enquiry']).toBe('Service Inquiry');
    const au = fieldsFor({ form: 'general', config: { region: 'AU' } }).find((f) => f.name === 'category')!;
    expect(au.optionLabels).toBeUndefined();
  });
  it('swaps colour, personalised, enquiry, enquire and centre', () => {
    expect(spell({ text: 'Service Centre: colour personalised Enquiry enquire', region: 'US' })).toBe('Service Center: color personalized Inquiry inquire');
    expect(spell({ text: 'Service Centre', region: 'NZ' })).toBe('Service Centre');
  });
});

describe('formatAddress and formatShortDate', () => {
  it.each([
    ['AU', { street: '12 Wharf Road', city: 'Newcastle', state: 'NSW', postcode: '2300' }, '12 Wharf Road, Newcastle NSW 2300'],
    ['NZ', { street: '55 Great South Road', city: 'Auckland', state: 'Auckland', postcode: '1051' }, '55 Great South Road, Auckland 1051'],
    ['NZ', { street: '310 Te Rapa Road', city: 'Hamilton', state: 'Waikato', postcode: '3200' }, '310 Te Rapa Road, Hamilton 3200'],
    ['US', { street: '7800 W Fairview Avenue', city: 'Boise', state: 'ID', postcode: '83704' }, '7800 W Fairview Avenue, Boise, ID 83704'],
    ['US', { street: '', city: 'Boise', state: 'ID', postcode: '' }, 'Boise, ID'],
    ['AU', { street: '1 St', city: 'Sydney', state: 'Sydney', postcode: '2000' }, '1 St, Sydney 2000'],
  ] as const)('%s %j -> %s', (region, address, line) => expect(formatAddress({ address, region })).toBe(line));

  it('dates: day first in AU and NZ, month first in the US', () => {
    expect(formatShortDate({ date: '2025-06-09T00:00:00Z', region: 'AU' })).toBe('09/06/2025');
    expect(formatShortDate({ date: '2025-06-09T00:00:00Z', region: 'NZ' })).toBe('09/06/2025');
    expect(formatShortDate({ date: '2025-06-09T00:00:00Z', region: 'US' })).toBe('06/09/2025');
  });
});

describe('no source file outside the region table branches on a region code', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));
  const DIRS = ['domain', 'ui', 'runtime', 'server', 'search', 'renderer', 'cli', 'schema', 'scripts', 'bench'];
  const ALLOWED = new Set(['domain/regionTable.ts']);
  // A region code as a string literal ('US', "NZ", `AU`) or as a member (.US, ['NZ']).
  const REGION_CODE = /['"`](?:AU|NZ|US)['"`]|\.(?:AU|NZ|US)\b(?!\w)/;

  function files(dir: string): string[] {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return [];
    }
    return entries.flatMap((name) => {
      if (name === 'node_modules' || name.startsWith('.')) return [];
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return files(full);
      return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.(test|spec)\.[jt]sx?$/.test(name) && !/\.generated\./.test(name) ? [full] : [];
    });
  }

  /** 'path:line text' for every line naming a region code outside comments. */
  function findings({ path, text }: { path: string; text: string }): string[] {
    return text.split('\n').flatMap((line, i) => {
      const code = line.replace(/\/\/.*$/, '').replace(/^\s*(\*|\/\*\*?).*$/, '');
      return REGION_CODE.test(code) ? [`${path}:${i + 1} ${line.trim()}`] : [];
    });
  }

  it('recognises a branch', () => {
    expect(findings({ path: 'x.ts', text: "if (site.region === 'US') return 'ZIP';" })).toHaveLength(1);
    expect(findings({ path: 'x.ts', text: 'const rule = RULES.NZ;' })).toHaveLength(1);
    expect(findings({ path: 'x.ts', text: "// region 'US' in a comment\nconst a = 1;" })).toEqual([]);
  });

  it('finds none', () => {
    const found = DIRS.flatMap((dir) => files(join(ROOT, dir)))
      .map((full) => relative(ROOT, full))
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) => findings({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(found, 'read the region row (domain/region.ts regionSettings) instead').toEqual([]);
  });
});
