import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleLocation, sampleServiceLocation, sampleSite } from '../../fixtures/sites/northside.ts';
import { Dialog, DialogOpener } from './Dialog.tsx';
import { LocationGrid } from './LocationGrid.tsx';
import { LocationHero } from './LocationHero.tsx';
import { LocationInfo } from './LocationInfo.tsx';
import { directionsHref } from './locationLinks.ts';
import { LocationsCarousel, swipeHintMode } from './LocationsCarousel.tsx';
import { OpeningHours } from './OpeningHours.tsx';
import { PhoneLink, telHref } from './PhoneLink.tsx';
import { socialLinks } from './SocialLinks.tsx';
import { Stars } from './Stars.tsx';
import { contactLocationPath, locationPath } from '../../domain/routes/paths.ts';

const site = sampleSite();
const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('Stars (SPEC §9)', () => {
  it('at most 4 full stars plus a partial one, one decimal, and the count', () => {
    const out = html(<Stars rating={4.8} count={272} />);
    expect(out.match(/class="icon star-full"/g)).toHaveLength(5); // 4 full + the partial's star
    expect(out).toContain('class="star-partial"');
    expect(out).toContain('4.8');
    expect(out).toContain('4.8 (272 reviews)');
    expect(out).toContain('aria-label="Rated 4.8 out of 5 from 272 reviews"');
  });
});

describe('PhoneLink', () => {
  it.each([
    ['07 3000 0000', 'tel:+61730000000'],
    ['(07) 3000-0000', 'tel:+61730000000'],
    ['+61 7 3000 0000', 'tel:+61730000000'],
    ['none', undefined],
  ])('%s -> %s', (phone, href) => {
    expect(telHref({ phone, region: 'AU' })).toBe(href);
  });

  it("renders nothing without a number and shows the number in the region's national format", () => {
    expect(html(<PhoneLink phone={null} region="AU" />)).toBe('');
    expect(html(<PhoneLink phone="(07) 3000-0000" region="AU" />)).toContain('href="tel:+61730000000" data-phone-click="">07 3000 0000</a>');
    expect(html(<PhoneLink phone="+1 208 555 0100" region="US" />)).toContain('href="tel:+12085550100" data-phone-click="">(208) 555-0100</a>');
  });
});

describe('SocialLinks', () => {
  it('lists only safe, configured networks', () => {
    expect(socialLinks({ fields: { linktree_url: 'https://linktr.ee/x', linkedin_url: 'data:text/html,x', facebook_url: '' } })).toEqual([
      { icon: 'linktree', label: 'Linktree', href: 'https://linktr.ee/x' },
    ]);
  });
});

describe('OpeningHours', () => {
  it('renders grouped rows', () => {
    const out = html(<OpeningHours hours={sampleLocation().contact_detail.opening_hours} caption="Opening Hours" />);
    expect(out).toContain('Mon-Fri');
    expect(out).toContain('<th scope="row">');
  });
  it('renders nothing without hours', () => {
    expect(html(<OpeningHours hours={[]} />)).toBe('');
  });
});

describe('location links', () => {
  it('location path by slug or dealership slug', () => {
    const location = sampleLocation();
    expect(locationPath({ paths: { location_by: 'slug' }, location })).toBe('/locations/northside-motors-sales');
    expect(locationPath({ paths: { location_by: 'dealership_slug' }, location })).toBe('/locations/northside-motors');
  });
  it("contact path strips ' - Sales'", () => {
    expect(contactLocationPath({ location: sampleLocation() })).toBe('/contact-us/northside-motors');
  });
  it('directions use a safe place_url, else a maps search, never an unsafe URL', () => {
    const address = sampleLocation().address;
    expect(directionsHref({ address })).toBe('https://maps.example.com/?q=northside');
    const fallback = directionsHref({ address: { ...address, place_url: 'javascript:alert(1)' } });
    expect(fallback).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=12%20Example%20Road/);
  });
});

describe('LocationInfo', () => {
  it('shows image (150px), name, rating, address, phone, landline, hours, licences, contact and directions', () => {
    const out = html(<LocationInfo site={site} location={sampleLocation()} showImage />);
    expect(out).toMatch(/<img class="location-image" src="[^"]*location\.jpg[^"]*" alt="Northside Motors - Sales" width="300" height="150"/);
    expect(out).toContain('<h3 class="location-name">Northside Motors - Sales</h3>');
    expect(out).toContain('Rated 4.8 out of 5');
    expect(out).toContain('12 Example Road, Brisbane QLD 4000');
    expect(out).toContain('href="tel:+61730000000"');
    expect(out).toContain('href="tel:+61730000001"');
    expect(out).toContain('Mon-Fri');
    expect(out).toContain('Dealer Licence: MD 12345');
    expect(out).toContain('Motor Vehicle Repairer: MVR 678');
    expect(out).toContain('href="/contact-us/northside-motors"');
    expect(out).toContain('Get Directions');
  });

  it('hides the contact button when asked (on the contact page itself)', () => {
    expect(html(<LocationInfo site={site} location={sampleLocation()} showContact={false} />)).not.toContain('Contact Us');
  });

  it('escapes hostile text and drops a hostile image URL', () => {
    const out = html(<LocationInfo site={site} location={sampleLocation({ name: '<b>x</b>', image: { url: 'javascript:alert(1)' } })} showImage />);
    expect(out).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(out).not.toContain('javascript:');
  });
});

describe('LocationsCarousel (SPEC §9 Carousel)', () => {
  it.each([
    [1, 'large'],
    [3, 'large'],
    [4, 'always'],
  ] as const)('%i locations: swipe hint %s', (count, mode) => {
    expect(swipeHintMode(count)).toBe(mode);
  });

  it("titled 'Our Locations', with the Swipe hint, image or map, and 'View Location'", () => {
    const out = html(<LocationsCarousel site={site} locations={[sampleLocation(), sampleServiceLocation({ image: null })]} />);
    expect(out).toContain('Our Locations</h2>');
    expect(out).toContain('class="swipe-hint swipe-large"');
    expect(out).toContain('>Swipe</span>');
    expect(out).toContain('location.jpg');
    expect(out).toContain('src="/assets/shared/map.svg"');
    expect(out.match(/View Location/g)).toHaveLength(2);
    expect(out).toContain('href="/locations/northside-motors-service"');
  });
});

describe('LocationHero and LocationGrid', () => {
  it('hero has the map 230px high', () => {
    const out = html(<LocationHero site={site} location={sampleLocation()} />);
    expect(out).toContain('height="230"');
    expect(out).toContain('<h2 class="location-name">');
  });
  it('grid has a card per location', () => {
    const out = html(<LocationGrid site={site} locations={[sampleLocation(), sampleServiceLocation()]} />);
    expect(out.match(/class="location-card"/g)).toHaveLength(2);
  });
});

describe('Dialog', () => {
  it('is a native modal dialog opened and closed by invoker buttons, with a labelled heading', () => {
    const html = renderToStaticMarkup(
      <>
        <DialogOpener dialogId="d1">Email Us</DialogOpener>
        <Dialog id="d1" title="Email Us">
          <p>Body</p>
        </Dialog>
      </>,
    );
    expect(html).toContain('<button type="button" class="btn btn-link" commandfor="d1" command="show-modal" aria-haspopup="dialog">Email Us</button>');
    expect(html).toContain('<dialog id="d1" class="dialog" aria-labelledby="d1-title" closedby="any">');
    expect(html).toContain('<h2 id="d1-title">Email Us</h2>');
    expect(html).toContain('commandfor="d1" command="close" aria-label="Close"');
  });
});
