import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleLocation, sampleServiceLocation, sampleSite } from '../../fixtures/sites/northside.ts';
import type { Site } from '../../domain/site.ts';
import { Banner } from './Banner.tsx';
import { bannerLocations } from './bannerLocations.ts';

const render = (site: Site) => renderToStaticMarkup(<Banner site={site} />);
const partsLocation = (id: number) => sampleLocation({ id, name: `Parts ${id}`, slug: `parts-${id}`, location_type: 'parts' });

describe('top banner locations (SPEC §2 Top banner)', () => {
  it('1 location: the single address and phone', () => {
    const html = render(sampleSite());
    expect(html).toContain('12 Example Road, Brisbane QLD 4000');
    expect(html).toContain('href="tel:+61730000000"');
    expect(html).not.toContain('Dealership:');
    expect(html).not.toContain('>Locations<');
  });

  it('2 locations: each listed, labelled and sorted sales before service', () => {
    const site = sampleSite({ locations: [sampleServiceLocation(), sampleLocation()] });
    const block = bannerLocations({ site });
    expect(block.kind).toBe('list');
    const html = render(site);
    expect(html.indexOf('Dealership:')).toBeGreaterThan(-1);
    expect(html.indexOf('Dealership:')).toBeLessThan(html.indexOf('Service Centre:'));
    expect(html).toContain('href="tel:+61730000002"');
  });

  it('3 locations: all three listed in location-type order (sales, service, parts)', () => {
    const site = sampleSite({ locations: [partsLocation(3), sampleServiceLocation(), sampleLocation()] });
    const block = bannerLocations({ site });
    if (block.kind !== 'list') throw new Error(`expected a list, got ${block.kind}`);
    expect(block.entries.map((entry) => [entry.label, entry.location.location_type])).toEqual([
      ['Dealership:', 'sales'],
      ['Service Centre:', 'service'],
      ['Dealership:', 'parts'],
    ]);
  });

  it('4 locations: one Locations link instead of a list', () => {
    const site = sampleSite({ locations: [sampleLocation(), sampleServiceLocation(), partsLocation(3), partsLocation(4)] });
    const html = render(site);
    expect(bannerLocations({ site }).kind).toBe('link');
    expect(html).toContain('Locations</a>');
    expect(html).toContain('href="/dealerships"');
    expect(html).not.toContain('Dealership:');
  });

  it('forced: the Locations link even with one location', () => {
    const base = sampleSite();
    const site = sampleSite({ features: { ...base.features, banner_force_locations_link: true } });
    expect(bannerLocations({ site }).kind).toBe('link');
    expect(render(site)).toContain('Locations</a>');
  });

  it('shows department-specific phone variants of a location', () => {
    const site = sampleSite({ locations: [sampleLocation({ contact_detail: { phone: '07 3000 0000', department_phones: { service: '07 3999 0000' } } })] });
    const html = render(site);
    expect(html).toContain('Service:</span> <a class="phone-link" href="tel:+61739990000"');
  });

  it('hidden locations do not count', () => {
    const site = sampleSite({ locations: [sampleLocation(), sampleServiceLocation({ visible: false })] });
    expect(bannerLocations({ site }).kind).toBe('single');
  });
});

describe('top banner extras', () => {
  it('shows only configured social networks, in SPEC order, and drops unsafe URLs', () => {
    const html = render(sampleSite({ tiktok_url: 'https://tiktok.com/@n', twitter_url: 'javascript:alert(1)' }));
    expect(html).toContain('aria-label="Northside Motors on Facebook"');
    expect(html).toContain('aria-label="Northside Motors on Instagram"');
    expect(html).toContain('aria-label="Northside Motors on TikTok"');
    expect(html).not.toContain('YouTube');
    expect(html).not.toContain('Twitter');
    expect(html).not.toContain('javascript:');
    expect(html.indexOf('Facebook')).toBeLessThan(html.indexOf('Instagram'));
    expect(html.indexOf('Instagram')).toBeLessThan(html.indexOf('TikTok'));
  });

  it('shows the star rating with one decimal and the count', () => {
    const html = render(sampleSite());
    expect(html).toContain('Rated 4.8 out of 5 from 272 reviews');
  });

  it('has the favourites counter placeholder and the configured favourites link', () => {
    const base = sampleSite();
    const html = render(sampleSite({ paths: { ...base.paths, favourites: '/my-garage', favourites_label: 'myGarage' } }));
    expect(html).toContain('href="/my-garage"');
    expect(html).toContain('data-favourites-count="">0</span>');
    expect(html).toContain('myGarage');
  });

  it('escapes a hostile dealer name', () => {
    const html = render(sampleSite({ name: '<img src=x onerror=alert(1)>' }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; on Facebook');
  });
});
