import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, isKnownDealerId, isKnownDealerSlug, loadSiteConfig, parseSiteConfig, SiteConfigMissingError } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');

describe('site-config.json', () => {
  it('loads the fixture with its values', async () => {
    const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'test-motors' });
    expect(site).toMatchObject({ slug: 'test-motors', dealer_id: 101, website_id: 7, region: 'AU', autograb: true, locations: [{ id: 1 }, { id: 2 }] });
    expect(site.forms.test_phone_number).toBe('0400 000 000');
  });

  it('says to regenerate when the file is missing', async () => {
    await expect(loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'not-built-config' })).rejects.toBeInstanceOf(SiteConfigMissingError);
    await expect(loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'not-built-config' })).rejects.toThrow(/run forecourt generate not-built-config again/);
  });

  it('refuses a file naming another slug, or not an object', () => {
    expect(() => parseSiteConfig({ raw: { slug: 'other' }, slug: 'mine', source: 'f.json' })).toThrow('f.json has slug "other", expected "mine"');
    expect(() => parseSiteConfig({ raw: [], slug: 'mine', source: 'f.json' })).toThrow(/JSON object/);
  });

  it('keeps well-formed deposits and drops the rest', () => {
    const raw = {
      slug: 'x',
      deposits: [{ car_id: 3, amount: 500, currency: 'NZD' }, { car_id: 4, amount: 0 }, { car_id: '5', amount: 9 }, 'x', { car_id: 6, amount: 250 }],
    };
    expect(parseSiteConfig({ raw, slug: 'x', source: 's' }).deposits).toEqual([
      { car_id: 3, amount: 500, currency: 'NZD' },
      { car_id: 6, amount: 250, currency: 'AUD' },
    ]);
  });

  it('defaults every field, the phone rule from the region', () => {
    expect(defaultSiteConfig({ slug: 'x' })).toEqual({
      slug: 'x',
      name: 'x',
      dealer_id: null,
      website_id: null,
      region: 'AU',
      forms: { phone_rule: 'au', region: 'AU' },
      dealerships: [],
      locations: [],
      timezone: null,
      payment_provider: null,
      valuation: 'lead',
      valuation_provider: null,
      autograb: false,
      deposits: [],
      car_ids: null,
      origins: [],
      base_url: '',
      hosts: [],
      lead_delivery: { smtp: { port: 587, secure: false }, from: '', destinations: [], retry_hours: 48, retention_days: null },
      cars: [],
      reviews: null,
    });
    expect(parseSiteConfig({ raw: { slug: 'x', region: 'NZ' }, slug: 'x', source: 's' }).forms.phone_rule).toBe('nz');
    expect(parseSiteConfig({ raw: { slug: 'x', region: 'NZ', forms: { phone_rule: 'nz-length' } }, slug: 'x', source: 's' }).forms.phone_rule).toBe(
      'nz-length',
    );
    expect(parseSiteConfig({ raw: { slug: 'x', region: 'Mars' }, slug: 'x', source: 's' }).region).toBe('AU');
  });

  it("keeps the record's review set when it is a whole count and a rating from 0 to 5", () => {
    const reviews = (value: unknown) => parseSiteConfig({ raw: { slug: 'x', reviews: value }, slug: 'x', source: 's' }).reviews;
    expect(reviews({ count: 272, average_rating: '4.8' })).toEqual({ count: 272, average_rating: '4.8' });
    expect(reviews({ count: 0, average_rating: '5.0' })).toEqual({ count: 0, average_rating: '5.0' });
    for (const bad of [
      null,
      'x',
      { count: 1.5, average_rating: '4.8' },
      { count: -1, average_rating: '4.8' },
      { count: 2, average_rating: '5.1' },
      { count: 2, average_rating: 'x' },
      { count: 2, average_rating: 4.8 },
    ]) {
      expect(reviews(bad)).toBeNull();
    }
  });

  it('keeps only positive safe car ids and http(s) origins', () => {
    const site = parseSiteConfig({
      raw: { slug: 'x', car_ids: [1, -2, 0, 1.5, 2 ** 53, '3', 9001], origins: ['https://a.example', 'ftp://b.example', 'https://c.example/path', 7] },
      slug: 'x',
      source: 's',
    });
    expect(site.car_ids).toEqual([1, 9001]);
    expect(site.origins).toEqual(['https://a.example']);
  });

  it("reads each location's type and hours and the dealer's time zone (an unknown zone is dropped)", () => {
    const hours = [{ weekday: 1, status: 'Open', open: '08:00', close: '17:00' }];
    const raw = { slug: 'x', timezone: 'Pacific/Auckland', locations: [{ id: 3, location_type: 'service', opening_hours: hours, special_hours: [] }] };
    const site = parseSiteConfig({ raw, slug: 'x', source: 's' });
    expect(site.timezone).toBe('Pacific/Auckland');
    expect(site.locations).toEqual([{ id: 3, location_type: 'service', hours, special: [] }]);
    expect(parseSiteConfig({ raw: { ...raw, timezone: 'Mars/Olympus' }, slug: 'x', source: 's' }).timezone).toBeNull();
  });

  it('drops malformed dealership and location entries', () => {
    const site = parseSiteConfig({
      raw: { slug: 'x', dealerships: [{ slug: 'a', id: 1 }, { id: 2 }, 'b', { slug: 'c' }], locations: [{ id: 3 }, { id: '4' }, null] },
      slug: 'x',
      source: 's',
    });
    expect(site.dealerships).toEqual([
      { slug: 'a', id: 1 },
      { slug: 'c', id: null },
    ]);
    expect(site.locations).toEqual([{ id: 3, location_type: 'sales', hours: [], special: [] }]);
  });

  it('knows the website and its dealerships by slug and id', () => {
    const site = parseSiteConfig({ raw: { slug: 'group', dealer_id: 9, dealerships: [{ slug: 'member', id: 10 }] }, slug: 'group', source: 's' });
    expect(isKnownDealerSlug({ site, dealershipSlug: 'group' })).toBe(true);
    expect(isKnownDealerSlug({ site, dealershipSlug: 'member' })).toBe(true);
    expect(isKnownDealerSlug({ site, dealershipSlug: 'stranger' })).toBe(false);
    expect(isKnownDealerId({ site, dealershipId: 9 })).toBe(true);
    expect(isKnownDealerId({ site, dealershipId: 10 })).toBe(true);
    expect(isKnownDealerId({ site, dealershipId: 11 })).toBe(false);
  });
});
