import { describe, expect, it } from 'vitest';
import type { DealerRecord, Site } from '../domain/site.ts';
import type { CarRecord } from '../domain/types.ts';
import { fillDefaults } from '../schema/defaults.ts';
import { SCHEMAS } from '../schema/index.ts';
import { loadTemplates } from './loadDealer.ts';
import { mergeLayers, resolve, resolveCars, type TemplateSet } from './resolve.ts';
import { recordValidators } from './validate.ts';
import { MINIMAL_CAR_ROW, MINIMAL_RECORD } from '../fixtures/sites/minimal.ts';
import { REGION_TABLE } from '../domain/regionTable.ts';

const NOW = new Date('2025-06-05T10:00:00Z');

/** A minimal valid record (SPEC's required fields only) with `extra` fields. */
const record = (extra: Partial<DealerRecord> = {}): DealerRecord => ({ ...structuredClone(MINIMAL_RECORD), ...extra });

describe('mergeLayers', () => {
  it('merges mappings key by key, replaces lists and scalars, ignores undefined, copies inputs', () => {
    const base = { a: { x: 1, y: 2 }, list: [1, 2], s: 'base', n: { deep: { k: 1 } } };
    const merged = mergeLayers({ layers: [base, { a: { y: 3 }, list: [9], s: undefined }, { n: null }] });
    expect(merged).toEqual({ a: { x: 1, y: 3 }, list: [9], s: 'base', n: null });
    (merged.a as { x: number }).x = 100;
    expect(base.a.x).toBe(1);
  });
});

describe('resolve with the repository templates', async () => {
  const templates = await loadTemplates();

  it('finds the franchise, used and group templates (and not regions or meta)', () => {
    expect(Object.keys(templates.templates).sort()).toEqual(['franchise', 'group', 'used']);
  });

  it.each([
    ['franchise', 'large', '/search/new-cars'],
    ['used', 'standard', '/search/used-cars'],
    ['group', 'square-logo-large', '/search/new-used-and-demo-cars'],
  ] as const)('template %s: header %s, default search %s', (template, header, searchPath) => {
    const site = resolve({ record: record({ template }), templates, now: NOW });
    expect(site.header_style).toBe(header);
    expect(site.default_search_path).toBe(searchPath);
  });

  it('applies the documented defaults', () => {
    const site = resolve({ record: record(), templates, now: NOW });
    expect(site.include_sold_cars_days).toBe(3);
    expect(site.rules).toMatchObject({
      reserve_dealership_ids: [],
      finance_disabled_makes: ['Suzuki'],
      page_size: 21,
      search_cache_max: 20,
      default_sort: 'custom_rank:desc',
    });
    expect(site.forms).toMatchObject({
      submit_text: 'Enquire Now',
      opt_in_text: 'Yes, I would like to subscribe to receive latest offers & product updates.',
      message_required: true,
      phone_rule: 'au',
    });
    expect(site.paths).toMatchObject({
      finance: '/finance',
      reserve: 'checkout',
      favourites: '/favourites',
      favourites_label: 'Favourites',
      contact: '/contact',
      location_by: 'slug',
    });
    expect(site.footer.powered_by).toEqual({ name: 'Forecourt', url: 'https://forecourt.example' });
    expect(site.region).toBe('AU');
    expect(site.regionSettings).toMatchObject({
      region: 'AU',
      locale: 'en-AU',
      currency: 'AUD',
      distance_unit: 'kilometer',
      phone_rule: 'au',
      us_spelling: false,
    });
    expect(site.regionSettings).toBe(REGION_TABLE.AU);
    expect(site.baseUrl).toBe('https://test.example');
    expect(site.now).toBe('2025-06-05T10:00:00.000Z');
    expect(site.models).toEqual([]);
    expect(site.pages).toEqual([]);
    expect(site.special_hours).toEqual([]);
  });

  it('fills every property the schema gives a default, for every template and region', () => {
    const defs = (SCHEMAS['dealerRecord.schema.json'] as unknown as { $defs: Record<string, { properties: Record<string, object> }> }).$defs;
    const top = (SCHEMAS['dealerRecord.schema.json'] as unknown as { properties: Record<string, object> }).properties;
    const defaulted = (properties: Record<string, object>) => Object.keys(properties).filter((key) => 'default' in properties[key]);
    for (const template of Object.keys(templates.templates)) {
      for (const region of ['AU', 'NZ', 'US'] as const) {
        const site = resolve({ record: record({ template, region }), templates, now: NOW });
        for (const key of defaulted(top)) expect(site[key as keyof Site], `${template}/${region} ${key}`).not.toBeUndefined();
        for (const part of ['features', 'forms', 'rules', 'paths', 'footer'] as const)
          expect(Object.keys(site[part]).sort(), `${template}/${region} ${part}`).toEqual(defaulted(defs[part].properties).sort());
        expect(Object.values(site.theme)).toHaveLength(3);
      }
    }
  });

  it('lets the region set the phone rule and the record override any single key', () => {
    const nz = resolve({ record: record({ region: 'NZ', forms: { submit_text: 'Message Now' }, features: { chat: true } }), templates, now: NOW });
    expect(nz.forms.phone_rule).toBe('nz');
    expect(nz.forms.submit_text).toBe('Message Now');
    expect(nz.forms.opt_in_text).toMatch(/^Yes, I would like/);
    expect(nz.features.chat).toBe(true);
    expect(nz.features.banner).toBe(true);
    expect(nz.regionSettings.locale).toBe('en-NZ');
    const us = resolve({ record: record({ region: 'US', forms: { phone_rule: 'uk' } }), templates, now: NOW, baseUrl: 'http://localhost:4000/' });
    expect(us.forms.phone_rule).toBe('uk');
    expect(us.regionSettings).toMatchObject({ distance_unit: 'mile', us_spelling: true, locale: 'en-US' });
    expect(us.baseUrl).toBe('http://localhost:4000');
  });

  it('gives a frozen Site, all the way down: memos keyed by it (ui/forms/formSite.ts) cannot go stale', () => {
    const site = resolve({ record: record({ features: { chat: true } }), templates, now: NOW });
    for (const value of [site, site.features, site.forms, site.regionSettings, site.locations, site.navigation]) expect(Object.isFrozen(value)).toBe(true);
    expect(() => {
      (site.features as { chat: boolean }).chat = false;
    }).toThrow(TypeError);
  });

  it('produces, for every template and region, a resolved record the schema accepts', () => {
    const validate = recordValidators.dealerRecord();
    for (const template of Object.keys(templates.templates)) {
      for (const region of ['AU', 'NZ', 'US'] as const) {
        const postcode = region === 'US' ? '90210' : '2000';
        const {
          regionSettings: _r,
          manufacturers: _m,
          baseUrl: _b,
          now: _n,
          ...resolved
        } = resolve({
          record: record({ template, region, address: { ...record().address, postcode } }),
          templates,
          now: NOW,
        });
        expect(validate(resolved), JSON.stringify(validate.errors)).toBe(true);
      }
    }
  });

  it('keeps in templates and regions only what differs from the schema defaults', () => {
    const defaults = fillDefaults<Record<string, unknown>>({ name: 'dealerRecord.schema.json', value: record() });
    const leaves = (layer: unknown, path: string[] = []): [string[], unknown][] =>
      layer !== null && typeof layer === 'object' && !Array.isArray(layer)
        ? Object.entries(layer).flatMap(([key, value]) => leaves(value, [...path, key]))
        : [[path, layer]];
    const at = (path: string[]) => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], defaults);
    for (const [name, layer] of [...Object.entries(templates.templates), ...Object.entries(templates.regions)])
      for (const [path, value] of leaves(layer)) expect(value, `${name}: ${path.join('.')} repeats the schema default`).not.toEqual(at(path));
  });

  it('refuses an unknown template', () => {
    expect(() => resolve({ record: record({ template: 'nope' }), templates, now: NOW })).toThrow(/unknown template "nope"/);
  });
});

describe('resolve with injected layers', () => {
  it('is one merge: template, then region, then record, then the schema defaults', () => {
    const templates: TemplateSet = {
      templates: { t: { header_style: 'large', theme: { primary: '#000' }, features: { chat: true, banner: true } } },
      regions: { AU: { timezone: 'Australia/Sydney', features: { banner: false } } },
    };
    const site = resolve({ record: record({ template: 't', theme: { accent: '#222' } }), templates, now: NOW });
    expect(site.header_style).toBe('large');
    expect(site.features).toMatchObject({ chat: true, banner: false, search_bar: true });
    expect(site.theme).toEqual({ primary: '#000', accent: '#222', font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' });
    expect(site.timezone).toBe('Australia/Sydney');
    expect(site.forms.phone_rule).toBe('au');
    expect(site.include_sold_cars_days).toBe(3);
  });

  it('takes the region from the template when the record names none', () => {
    const templates: TemplateSet = { templates: { nz: { region: 'NZ' } }, regions: { NZ: { timezone: 'Pacific/Auckland' } } };
    const site = resolve({ record: record({ template: 'nz' }), templates, now: NOW });
    expect([site.region, site.timezone, site.forms.phone_rule, site.regionSettings.currency]).toEqual(['NZ', 'Pacific/Auckland', 'nz', 'NZD']);
  });
});

describe('resolveCars', () => {
  const row: CarRecord = { ...MINIMAL_CAR_ROW, price: 10 };

  it('fills the car schema defaults and keeps the feed values, without changing the rows', () => {
    const [car] = resolveCars({ cars: [row] });
    expect(car).toMatchObject({ show_on_dealer_website: true, custom_rank: 0, features: [], sold_date: null, simple_drive: null });
    expect(row).not.toHaveProperty('features');
    expect(resolveCars({ cars: [{ ...row, show_on_dealer_website: false, custom_rank: 5 }] })[0]).toMatchObject({
      show_on_dealer_website: false,
      custom_rank: 5,
    });
  });
});
