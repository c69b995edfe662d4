import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Island } from '../Island.tsx';
import { IslandServicesContext, INERT_SERVICES, type IslandServices } from '../islandServices.ts';
import { CompareStrip } from './CompareStrip.tsx';
import { FavouritesCount } from './FavouritesCount.tsx';
import { FavouriteToggle } from './FavouriteToggle.tsx';
import { PhoneReveal } from './PhoneReveal.tsx';
import { MapFacade } from './MapFacade.tsx';
import { encodePhone } from '../../domain/phoneReveal.ts';
import { rowDiffers } from './SavedCars.tsx';
import { shareUrl, sharedIds } from './savedCards.ts';
import { bookingTime, categoryTitle } from './SuccessDetails.tsx';

const api = { api_base: '', mock_mode: false };

describe('islands render the inert server state', () => {
  it('the favourites counter shows 0 with an unfilled heart', () => {
    const html = renderToStaticMarkup(<FavouritesCount />);
    expect(html).toContain('data-filled="false"');
    expect(html).toContain('data-favourites-count="">0</span>');
  });
  it('server HTML ignores live services: the first client render must match it', () => {
    const live: IslandServices = { ...INERT_SERVICES, live: true, favourites: { get: () => [{ id: 1 }, { id: 2 }], subscribe: () => () => {} } };
    const html = renderToString(
      <IslandServicesContext.Provider value={live}>
        <FavouritesCount />
        <FavouriteToggle id={1} name="Corolla" />
      </IslandServicesContext.Provider>,
    );
    expect(html).toContain('data-favourites-count="">0</span>');
    expect(html).toContain('aria-pressed="false"');
  });
  it('the map starts as its static image on a button: no iframe, nothing of the map provider', () => {
    const html = renderToStaticMarkup(
      <MapFacade src="https://www.google.com/maps?q=1,2&amp;output=embed" name="Northside" image="/assets/shared/map.svg" width={600} height={230} />,
    );
    expect(html).toBe(
      '<button type="button" class="map-facade" data-map-facade=""><img src="/assets/shared/map.svg" alt="" width="600" height="230" loading="lazy" decoding="async"/><span class="map-facade__label">Show map<span class="visually-hidden"> of Northside</span></span></button>',
    );
  });
  it('the compare strip starts hidden', () => {
    expect(renderToStaticMarkup(<CompareStrip searchPath="/search/used-cars" />)).toMatch(/<aside class="compare-strip" aria-label="Compare cars" hidden=""/);
  });
  it('the phone starts masked to its first 5 characters, or shown when the record says; the page holds it only encoded', () => {
    const phone = encodePhone({ shown: '02 9555 0100', tel: 'tel:+61295550100' });
    expect(phone).not.toMatch(/9555|0100/);
    const masked = renderToStaticMarkup(<PhoneReveal phone={phone} carId={1} dealershipId={301} websiteId={301} api={api} />);
    expect(masked).toContain('>02 95** ****</button>');
    expect(masked).not.toContain('tel:');
    expect(masked).not.toMatch(/9555|0100/);
    const shown = renderToStaticMarkup(<PhoneReveal phone={phone} carId={1} dealershipId={301} websiteId={301} api={api} startShown />);
    expect(shown).toContain('href="tel:+61295550100"');
    expect(shown).toContain('>02 9555 0100</a>');
    expect(renderToStaticMarkup(<PhoneReveal phone={null} carId={1} dealershipId={301} websiteId={301} api={api} />)).toBe('');
    expect(renderToStaticMarkup(<PhoneReveal phone="not a code" carId={1} dealershipId={301} websiteId={301} api={api} />)).toBe('');
  });
  it('every reveal of a revealed number shows it (the shared store of the page)', () => {
    const phone = encodePhone({ shown: '02 9555 0100', tel: 'tel:+61295550100' });
    const live: IslandServices = { ...INERT_SERVICES, live: true, revealedPhones: { get: () => ['tel:+61295550100'], subscribe: () => () => {} } };
    const html = renderToStaticMarkup(
      <IslandServicesContext.Provider value={live}>
        <PhoneReveal phone={phone} carId={null} dealershipId={null} websiteId={301} api={api} text="Call Us" icon />
      </IslandServicesContext.Provider>,
    );
    // Server HTML (and the first client render) stays masked; the live value applies after hydration.
    expect(html).toContain('Call Us</button>');
  });
});

describe('island nesting', () => {
  it('an island inside another renders plainly (no second hydration root)', () => {
    const Outer = () => <Island name="FavouriteToggle" component={FavouriteToggle} props={{ id: 1, name: 'Corolla' }} />;
    const html = renderToStaticMarkup(<Island name="Outer" component={Outer} props={{}} />);
    expect(html.match(/data-island=/g)).toHaveLength(1);
    expect(html).toContain('data-favourite-id="1"');
  });
});

describe('saved-car helpers', () => {
  it('reads and writes share links', () => {
    expect(sharedIds('?ids=3,1,x,-2,4')).toEqual([3, 1, 4]);
    expect(sharedIds('')).toBeNull();
    expect(shareUrl({ origin: 'https://d.example', path: '/compare', ids: [3, 1] })).toBe('https://d.example/compare?ids=3,1');
  });
  it('marks rows whose values differ', () => {
    expect(rowDiffers(['a', 'a'])).toBe(false);
    expect(rowDiffers(['a', 'b'])).toBe(true);
  });
  it('titles a success category slug', () => {
    expect(categoryTitle('used-vehicle-enquiry')).toBe('Used Vehicle Enquiry');
  });
  it("shows a test drive booking in the region's date format", () => {
    expect(bookingTime({ dateTime: '2025-06-20T10:00', region: 'AU' })).toBe('20/06/2025 at 10:00');
    expect(bookingTime({ dateTime: '2025-06-20T10:00', region: 'US' })).toBe('06/20/2025 at 10:00');
  });
});
