import { describe, expect, it } from 'vitest';
import type { DealerRecord } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { loadTemplates } from './loadDealer.ts';
import { mergeLayers, resolve, resolveCars, type TemplateSet } from './resolve.ts';
import { validateDealerRecord } from '../schema/index.ts';

const NOW = new Date('2025-06-05T10:00:00Z');

/** A minimal valid record: SPEC's required fields only. */
const record = (extra: Partial<DealerRecord> = {}): DealerRecord => ({
  name: 'Test Motors',
  slug: 'test-motors',
  template: 'franchise',
  dealer_id: 1,
  url: 'https://test.example/',
  logo: { url: '/logo.svg' },
  phone: '02 9000 0000',
  email: 'a@test.example',
  address: { street: '1 St', city: 'Sydney', state: 'NSW', postcode: '2000' },
  locations: [],
  navigation: { header: [] },
  ...extra,
});

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

  it('finds the franchise, used and group templates (and not base, regions or meta)', () => {
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
    expect(site.regionSettings).toEqual({ region: 'AU', locale: 'en-AU', currency: 'AUD', distance_unit: 'kilometer', phone_rule: 'au', us_spelling: false });
    expect(site.baseUrl).toBe('https://test.example');
    expect(site.now).toBe('2025-06-05T10:00:00.000Z');
    expect(site.models).toEqual([]);
    expect(site.pages).toEqual([]);
    expect(site.special_hours).toEqual([]);
  });

  it('fills every key of the Required<> parts of Site for every template and region', () => {
    for (const template of Object.keys(templates.templates)) {
      for (const region of ['AU', 'NZ', 'US'] as const) {
        const site = resolve({ record: record({ template, region }), templates, now: NOW });
        for (const part of ['features', 'forms', 'rules', 'paths', 'footer', 'theme'] as const) {
          for (const [key, value] of Object.entries(site[part])) expect(value, `${template}/${region} ${part}.${key}`).not.toBeUndefined();
        }
        // Every Features/Forms/Rules/Paths/Footer key of the schema is present after resolve.
        const defs = (validateDealerRecord().schema as { $defs: Record<string, { properties: Record<string, unknown> }> }).$defs;
        for (const part of ['features', 'forms', 'rules', 'paths', 'footer'] as const)
          expect(Object.keys(site[part]).sort(), `${template}/${region} ${part}`).toEqual(Object.keys(defs[part].properties).sort());
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

  it('produces, for every template and region, a resolved record the schema accepts', () => {
    const validate = validateDealerRecord();
    for (const template of Object.keys(templates.templates)) {
      for (const region of ['AU', 'NZ', 'US']) {
        const merged = mergeLayers({ layers: [templates.base, templates.templates[template], templates.regions[region], record({ template })] });
        if (region === 'US') (merged.address as { postcode: string }).postcode = '90210';
        expect(validate(merged), JSON.stringify(validate.errors)).toBe(true);
      }
    }
  });

  it('schema default annotations agree with templates/base.yaml', () => {
    const defs = (validateDealerRecord().schema as { $defs: Record<string, { properties: Record<string, { default?: unknown }> }> }).$defs;
    for (const part of ['features', 'forms', 'rules', 'paths', 'footer'] as const) {
      const baseLayer = templates.base[part] as Record<string, unknown>;
      for (const [key, property] of Object.entries(defs[part].properties))
        if ('default' in property) expect(baseLayer[key], `${part}.${key}`).toEqual(property.default);
    }
  });

  it('refuses an unknown template', () => {
    expect(() => resolve({ record: record({ template: 'nope' }), templates, now: NOW })).toThrow(/unknown template "nope"/);
  });
});

describe('resolve with injected layers', () => {
  it('is one merge: base, then template, then region, then record', () => {
    const templates: TemplateSet = {
      base: { header_style: 'standard', theme: { primary: '#000', accent: '#111', font: 'a' }, features: { chat: false, banner: true } },
      templates: { t: { header_style: 'large', features: { chat: true } } },
      regions: { AU: { timezone: 'Australia/Sydney', features: { banner: false } } },
    };
    const site = resolve({ record: record({ template: 't', theme: { accent: '#222' } }), templates, now: NOW });
    expect(site.header_style).toBe('large');
    expect(site.features).toEqual({ chat: true, banner: false });
    expect(site.theme).toEqual({ primary: '#000', accent: '#222', font: 'a' });
    expect(site.timezone).toBe('Australia/Sydney');
    expect(site.forms).toEqual({ phone_rule: 'au' });
  });
});

describe('resolveCars', () => {
  it('fills added fields with their defaults and keeps the feed values', () => {
    const car = { id: 1, slug: 'a', price: 10 } as Car;
    expect(resolveCars({ cars: [car] })[0]).toMatchObject({ show_on_dealer_website: true, custom_rank: 0, features: [], sold_date: null, simple_drive: null });
    expect(resolveCars({ cars: [{ ...car, show_on_dealer_website: false, custom_rank: 5 }] })[0]).toMatchObject({
      show_on_dealer_website: false,
      custom_rank: 5,
    });
  });
});
