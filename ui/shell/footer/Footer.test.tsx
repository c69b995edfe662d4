import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleLocation, sampleServiceLocation, sampleSite } from '../../../fixtures/sites/northside.ts';
import type { Site } from '../../../domain/site.ts';
import { Footer } from './Footer.tsx';
import { footerColumns } from './footerColumns.ts';
import { licenceLines } from './FooterParts.tsx';

const render = (site: Site) => renderToStaticMarkup(<Footer site={site} />);
const withFooter = (site: Site, footer: Partial<Site['footer']>): Site => ({ ...site, footer: { ...site.footer, ...footer } });

describe('footer columns', () => {
  it('configured columns first, then navigation.footer plain links as Quick Links and nested items as their own column', () => {
    const site = sampleSite({
      navigation: {
        header: [],
        footer: [
          { _key: 'a', _type: 'navItem', name: 'FAQs', url: '/faqs' },
          { _key: 'b', _type: 'navItem', name: 'Services', dropdownItems: [{ _key: 'c', _type: 'navItem', name: 'Book a Service', url: '/service' }] },
          { _key: 'd', _type: 'navItem', name: 'Evil', url: 'javascript:alert(1)' },
        ],
      },
    });
    expect(footerColumns({ site }).map((c) => [c.heading, c.links.map((l) => l.url)])).toEqual([
      ['Shop', ['/search/new-cars']],
      ['Quick Links', ['/faqs']],
      ['Services', ['/service']],
    ]);
  });

  it('a configured column and the navigation column of the same heading are one column, each link once', () => {
    const site = withFooter(
      sampleSite({
        navigation: {
          header: [],
          footer: [
            { _key: 'a', _type: 'navItem', name: 'New Vehicles', url: '/search/new-cars' },
            { _key: 'b', _type: 'navItem', name: 'Contact Us', url: '/contact' },
          ],
        },
      }),
      {
        columns: [
          {
            heading: 'Quick Links',
            links: [
              { name: 'New Vehicles', url: '/search/new-cars' },
              { name: 'Specials', url: '/specials' },
            ],
          },
          { heading: 'Services', links: [{ name: 'Finance', url: '/finance' }] },
          {
            heading: ' quick  links',
            links: [
              { name: 'Specials again', url: '/specials' },
              { name: 'FAQs', url: '/faqs' },
            ],
          },
        ],
      },
    );
    expect(footerColumns({ site }).map((c) => [c.heading, c.links.map((l) => l.url)])).toEqual([
      ['Quick Links', ['/search/new-cars', '/specials', '/faqs', '/contact']],
      ['Services', ['/finance']],
    ]);
  });

  it("throws 'Cannot run without navigation' when the footer nav is not a list", () => {
    const site = sampleSite({ navigation: { header: [], footer: { a: 1 } as unknown as [] } });
    expect(() => render(site)).toThrow('Cannot run without navigation');
  });

  it('an absent footer nav is allowed', () => {
    expect(() => render(sampleSite({ navigation: { header: [] } }))).not.toThrow();
  });
});

describe('standard footer', () => {
  const html = render(sampleSite());

  it('has columns, licences, copyright with the build year and the Powered By credit', () => {
    expect(html).toContain('<footer class="site-footer footer-standard">');
    expect(html).toContain('<nav class="footer-columns" aria-label="Footer">');
    expect(html).toContain('Privacy Policy');
    expect(html).toContain('LMCT 12345');
    expect(html).toContain('© 2025 Northside Motors');
    expect(html).toContain('Powered By <a href="https://forecourt.example"');
  });

  it('has staff with department and phone, opening hours, the click-to-load map and directions to the place', () => {
    expect(html).toContain('Sam Seller');
    expect(html).toContain('<span class="staff-department">Sales</span>');
    expect(html).toContain('href="tel:+61400000000"');
    expect(html).toContain('<caption>Opening Hours</caption>');
    // The map loads when asked for: the static image is its button, no iframe before the click.
    expect(html).toMatch(
      /<div data-island="MapFacade" data-when="visible"[^>]*><button type="button" class="map-facade"[^>]*><img src="\/assets\/shared\/map\.svg"/,
    );
    expect(html).not.toContain('<iframe');
    expect(html).toMatch(/<a href="https:\/\/maps\.example\.com\/\?q=northside"[^>]*>Get Directions<\/a>/);
  });

  it('takes the year from site.now, not the clock', () => {
    expect(render(sampleSite({ now: '2031-01-01T00:00:00.000Z' }))).toContain('© 2031 Northside Motors');
  });

  it('switches staff, hours and map off by flag, and shows scroll-to-top only when configured', () => {
    const off = render(withFooter(sampleSite(), { show_staff: false, show_opening_hours: false, show_map: false }));
    expect(off).not.toContain('Sam Seller');
    expect(off).not.toContain('Opening Hours');
    expect(off).not.toContain('map.svg');
    expect(off).not.toContain('scroll-to-top');
    expect(render(withFooter(sampleSite(), { scroll_to_top: true }))).toContain('class="scroll-to-top" href="#top"');
  });

  it('licence lines fall back to the locations when none are configured', () => {
    const site = withFooter(sampleSite({ locations: [sampleLocation(), sampleServiceLocation()] }), { licence_numbers: [] });
    expect(licenceLines({ site })).toEqual(['Dealer Licence MD 12345', 'Motor Vehicle Repairer MVR 678']);
  });
});

describe('footer variants', () => {
  it('group: every visible location with its details', () => {
    const site = withFooter(
      sampleSite({ locations: [sampleLocation(), sampleServiceLocation(), sampleServiceLocation({ id: 9, name: 'Hidden', visible: false })] }),
      {
        style: 'group',
      },
    );
    const html = render(site);
    expect(html).toContain('footer-group');
    expect(html).toContain('Northside Motors - Sales');
    expect(html).toContain('Northside Motors - Service');
    expect(html).not.toContain('Hidden');
  });

  it('perth: quick links, licence numbers, social icons and the scroll-to-top button', () => {
    const html = render(withFooter(sampleSite(), { style: 'perth', scroll_to_top: true }));
    expect(html).toContain('footer-perth');
    expect(html).toContain('Quick Links');
    expect(html).toContain('LMCT 12345');
    expect(html).toContain('on Facebook');
    expect(html).toContain('scroll-to-top');
  });

  it("accessories: 'Subscribe For Updates' (General Enquiry, no message/location, 'Subscribe'), Contact Us, Owners Group, Links and Dealers", () => {
    const site = withFooter(sampleSite({ dealership_websites: [{ slug: 'other', name: 'Other 4x4', make: 'Isuzu', url: 'https://other.example' }] }), {
      style: 'accessories',
      subscribe: true,
      owners_group_url: 'https://facebook.com/groups/owners',
    });
    const html = render(site);
    expect(html).toContain('Subscribe For Updates');
    expect(html).toContain('<input type="hidden" name="category" value="General Enquiry"/>');
    expect(html).not.toContain('name="message"');
    expect(html).not.toMatch(/name="location(_id)?"/);
    expect(html).toContain('name="email"');
    expect(html).toMatch(/<button type="submit" class="btn btn-primary">Subscribe<\/button>/);
    expect(html).toContain('Contact Us');
    expect(html).toContain('Owners Group');
    expect(html).toContain('>Links</h2>');
    expect(html).toContain('>Dealers</h2>');
    expect(html).toContain('href="https://other.example"');
  });

  it('accessories without subscribe or owners group leaves them out', () => {
    const html = render(withFooter(sampleSite(), { style: 'accessories' }));
    expect(html).not.toContain('Subscribe For Updates');
    expect(html).not.toContain('Owners Group');
  });
});
