import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleSite } from '../../fixtures/sites/northside.ts';
import type { Site } from '../../domain/site.ts';
import { Header, headerMenuProps } from './Header.tsx';

const render = (site: Site) => renderToString(<Header site={site} />);
const withFeatures = (site: Site, features: Partial<Site['features']>) => ({ ...site, features: { ...site.features, ...features } });

describe('header variants', () => {
  it.each([
    ['standard', 180, 56],
    ['large', 260, 80],
    ['square-logo-large', 96, 96],
  ] as const)('%s: variant class and logo box', (style, width, height) => {
    const html = render(sampleSite({ header_style: style }));
    expect(html).toContain(`class="site-header header-${style}"`);
    expect(html).toContain(`alt="Northside Motors" width="${width}" height="${height}"`);
  });

  it('falls back to the dealer name as text when the logo URL is unsafe', () => {
    const html = render(sampleSite({ logo: { url: 'javascript:alert(1)' } }));
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span>Northside Motors</span>');
  });
});

describe('header contents', () => {
  it('starts with the header element (no stray preload links)', () => {
    expect(render(sampleSite())).toMatch(/^<header /);
  });

  it('renders the HeaderMenu island with its JSON props', () => {
    const html = render(sampleSite());
    expect(html).toContain('data-island="HeaderMenu"');
    expect(html).toContain('data-when="load"');
    expect(html).toMatch(/<script type="application\/json" data-island-props="">\{"nav":\[/);
  });

  it('links the buttons and the burger with aria attributes', () => {
    const html = render(sampleSite());
    expect(html).toContain('href="/service"');
    expect(html).toContain('Book a Service');
    expect(html).toContain('Finance Pre-Approval');
    expect(html).toContain('aria-controls="fc-hm-panel"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('<nav aria-label="Main">');
    expect(html).toMatch(/aria-controls="fc-hm-dd-1"/);
    expect(html).toContain('id="fc-hm-dd-1"');
  });

  it('search bar only when enabled: a plain search form to the default search path', () => {
    expect(render(sampleSite())).not.toContain('role="search"');
    const html = render(withFeatures(sampleSite(), { search_bar: true }));
    expect(html).toContain('role="search" action="/search/new-used-and-demo-cars"');
    expect(html).toMatch(/<input id="fc-header-search" type="text" [^>]*name="query"/);
    expect(html).toContain('placeholder="Search by make, model..."');
    expect(html).toMatch(/<label class="visually-hidden" for="fc-header-search">/);
  });

  it('the drawer is a prop of the island', () => {
    expect(headerMenuProps({ site: sampleSite() }).drawer).toBe(false);
    expect(headerMenuProps({ site: withFeatures(sampleSite(), { mobile_drawer: true }) }).drawer).toBe(true);
    expect(render(withFeatures(sampleSite(), { mobile_drawer: true }))).toContain('hm-panel hm-drawer');
  });

  it('escapes a hostile nav name in both the markup and the inline props', () => {
    const site = sampleSite({
      navigation: { header: [{ _key: 'x', _type: 'navItem', name: '</script><script>alert(1)</script>', url: '/x' }], footer: [] },
    });
    const html = render(site);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it("throws 'Cannot run without navigation' for a footer nav that is neither a list nor absent", () => {
    const site = sampleSite({ navigation: { header: [], footer: 'nope' as unknown as [] } });
    expect(() => headerMenuProps({ site: { ...site, navigation: { header: 'x' as unknown as [] } } })).toThrow('Cannot run without navigation');
    expect(() => headerMenuProps({ site })).toThrow('Cannot run without navigation');
    expect(() => headerMenuProps({ site: sampleSite({ navigation: { header: [], footer: null } }) })).not.toThrow();
  });
});
