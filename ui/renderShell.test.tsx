import { describe, expect, it } from 'vitest';
import { sampleLocation, sampleServiceLocation, sampleSite, sampleSiteData } from '../fixtures/sites/northside.ts';
import type { Site } from '../domain/site.ts';
import { renderShell, shellForRoute } from './renderShell.tsx';
import { makeCar } from '../domain/fixtures/car.ts';

const withFeatures = (site: Site, features: Partial<Site['features']>) => ({ ...site, features: { ...site.features, ...features } });
const data = sampleSiteData();

describe('renderShell', () => {
  it('renders every part that is on', () => {
    const site = withFeatures(sampleSite({ sub_footer: { logo_url: '/assets/group.svg', url: 'https://group.example', name: 'The Group' } }), {
      service_call_bar: true,
    });
    const shell = renderShell({ site, data });
    expect(shell.banner).toContain('site-banner');
    expect(shell.header).toMatch(/^<header class="site-header header-standard">/);
    expect(shell.serviceBar).toContain('Book a Service');
    expect(shell.compareStrip).toContain('data-compare-strip');
    expect(shell.footer).toMatch(/^<footer /);
    expect(shell.subFooter).toContain('href="https://group.example"');
    expect(shell.subFooter).toContain('alt="The Group"');
  });

  it("returns '' for parts that are off", () => {
    const site = withFeatures(sampleSite(), { banner: false, service_call_bar: false, compare: false });
    const shell = renderShell({ site, data });
    expect(shell.banner).toBe('');
    expect(shell.serviceBar).toBe('');
    expect(shell.compareStrip).toBe('');
    expect(shell.subFooter).toBe('');
  });

  it('drops a sub-footer whose link is unsafe', () => {
    const site = sampleSite({ sub_footer: { logo_url: '/assets/group.svg', url: 'javascript:alert(1)', name: 'G' } });
    expect(renderShell({ site, data }).subFooter).toBe('');
  });

  it("throws SPEC §8's 'Cannot run without navigation' unwrapped", () => {
    const site = sampleSite({ navigation: { header: null as unknown as [] } });
    expect(() => renderShell({ site, data })).toThrow(new Error('Cannot run without navigation'));
  });

  it('has no duplicate ids across the whole shell', () => {
    const base = sampleSite({ locations: [sampleLocation(), sampleServiceLocation()] });
    const site = withFeatures(
      { ...base, footer: { ...base.footer, style: 'accessories', subscribe: true } },
      { search_bar: true, service_call_bar: true, mobile_drawer: true },
    );
    const html = Object.values(renderShell({ site, data })).join('');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every image alt, width and height', () => {
    const site = withFeatures(sampleSite({ sub_footer: { logo_url: '/assets/group.svg', url: 'https://group.example', name: 'G' } }), {});
    const html = Object.values(renderShell({ site, data })).join('');
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image).toMatch(/alt="[^"]*".*width="\d+".*height="\d+"|width="\d+".*height="\d+".*alt=/);
  });
});

describe('shellForRoute (SPEC §4 phone reveal: a car page keeps its numbers masked everywhere)', () => {
  const car = (id: number) => ({ kind: 'car' as const, path: `/cars/car-${id}`, indexable: true, car: makeCar({ id, location: null }) });
  const site = withFeatures(sampleSite(), { service_call_bar: true });
  const FULL = /07\s?3000\s?0000|\+?6173000000|0730000000/;

  it('masks the car page number in the banner, the service bar and the footer: no full number, one reveal island per occurrence', () => {
    const shell = renderShell({ site, data });
    expect(shell.banner + shell.footer + shell.serviceBar).toMatch(FULL);
    const masked = shellForRoute({ site, route: car(1), shell });
    for (const part of [masked.banner, masked.serviceBar, masked.footer]) {
      expect(part).not.toMatch(FULL);
      expect(part).toContain('data-island="PhoneReveal"');
    }
    expect(masked.banner).toContain('aria-label="Show phone number 07 30** ****"');
    expect(masked.serviceBar).toContain('>Call Us</button>');
    expect(masked.header).toBe(shell.header);
    // The other numbers of the page (the landline, staff) have no reveal here and stay links.
    expect(masked.footer).toContain('href="tel:+61400000000"');
    // Cars with the same numbers share one rendering.
    expect(shellForRoute({ site, route: car(2), shell })).toBe(masked);
  });

  it('keeps the consent banner of a measured site on a masked car page', () => {
    const measured = { ...site, measurement: { ...site.measurement, ga4_measurement_id: 'G-TEST1234' } };
    const shell = renderShell({ site: measured, data });
    expect(shell.footer).toContain('id="consent-banner"');
    const masked = shellForRoute({ site: measured, route: car(1), shell });
    expect(masked.footer).not.toMatch(FULL);
    expect(masked.footer.match(/id="consent-banner"/g)).toHaveLength(1);
    expect(masked.footer).toContain('data-island="ConsentBanner"');
  });

  it('leaves other pages, and a record that starts numbers shown, with the plain shell', () => {
    const shell = renderShell({ site, data });
    expect(shellForRoute({ site, route: { kind: 'contact', path: '/contact', indexable: true } as never, shell })).toBe(shell);
    const shown = withFeatures(site, { phone_reveal_shown: true });
    const plain = renderShell({ site: shown, data });
    expect(shellForRoute({ site: shown, route: car(1), shell: plain })).toBe(plain);
  });
});
