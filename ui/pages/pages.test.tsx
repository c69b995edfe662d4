import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageComponents } from '../../renderer/routes.ts';
import { buildSiteData } from '../../renderer/siteData.ts';
import { CARS, DATA, ROUTES, SITE, makeCar, propsFor } from '../../fixtures/sites/harbourside.ts';
import type { Route, RouteKind } from '../route.ts';
import type { InfoPage, Site } from '../../domain/site.ts';

const PAGES = pageComponents();
const render = (kind: RouteKind, route: Route = ROUTES[kind], site: Site = SITE) => {
  const Page = PAGES[kind];
  return renderToStaticMarkup(<Page {...propsFor(route, site)} />);
};
const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('every page kind', () => {
  const kinds = Object.keys(ROUTES) as RouteKind[];
  it('has a component for every route kind', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...kinds].sort());
  });
  it.each(kinds)('%s renders real content with exactly one <h1> and headings in order', (kind) => {
    const html = render(kind);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).not.toMatch(/lorem|ipsum|placeholder|TODO/i);
    expect(html).not.toContain('<main');
    // No heading skips a level (h1 -> h3 without h2).
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1], `${kind} heading ${i}`).toBeLessThanOrEqual(1));
    // Images have alt text, width and height.
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/ alt="/);
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }
    // Links are site-relative or allowed schemes only.
    for (const href of hrefs(html)) expect(href, kind).toMatch(/^(\/(?!\/)|#|https?:|tel:|mailto:)/);
  });
});

describe('home', () => {
  const html = render('home');
  it('has hero, body-style links, featured stock, models, locations, reviews and hours', () => {
    expect(html).toContain('<h1 id="home-title">Harbourside Motors</h1>');
    for (const style of ['suv', 'hatchback', 'ute', 'coupe', 'sedan', 'wagon']) expect(html).toContain(`href="/search/${style}"`);
    expect(html).toContain(`href="/cars/${CARS[1].slug}"`);
    // Sold cars are not featured.
    expect(html).not.toContain(`href="/cars/${CARS[2].slug}"`);
    expect(html).toContain('ALL-NEW RAV4 (HYBRID)');
    expect(html).toContain('Our Locations');
    expect(html).toContain('Easy to deal with &amp; honest.');
    expect(html).toContain('Mon-Fri');
    expect(html).toContain('See all 3 cars in stock');
  });

  it("the hero takes the record's heading, text, image and calls to action, the first as the primary button", () => {
    const site: Site = {
      ...SITE,
      hero: {
        heading: 'Drive away today',
        text: 'Fifty cars on the lot.',
        image: '/assets/dealer/yard.jpg',
        image_alt: 'Our yard',
        actions: [
          { label: 'See the Stock', url: '/search/used-cars' },
          { label: 'Call Us', url: 'tel:+61295551100' },
        ],
      },
    };
    const hero = /<section class="hero hero--image"[\s\S]*?<\/section>/.exec(render('home', ROUTES.home, site))?.[0] ?? '';
    expect(hero).toContain('<h1 id="home-title">Drive away today</h1>');
    expect(hero).toContain('Fifty cars on the lot.');
    expect(hero).toContain('<a class="btn btn-accent" href="/search/used-cars">See the Stock</a>');
    expect(hero).toContain('<a class="btn btn-outline" href="tel:+61295551100">Call Us</a>');
    expect(hero).toMatch(/<img class="hero__image" src="\/assets\/dealer\/yard.jpg" alt="Our yard" fetchPriority="high"/);
    expect(count(hero, /class="btn /g)).toBe(2);
  });

  it('without a hero in the record: the name, the description, stock, finance and selling a car, no image', () => {
    const hero = /<section class="hero"[\s\S]*?<\/section>/.exec(render('home', ROUTES.home, { ...SITE, hero: {} }))?.[0] ?? '';
    expect(hero).toContain('<h1 id="home-title">Harbourside Motors</h1>');
    expect(hrefs(hero)).toEqual([SITE.default_search_path, SITE.paths.finance, '/valuations']);
    expect(hero).not.toContain('<img');
  });
});

describe('search', () => {
  it('lists the scope of the route only, as cards with tags and price', () => {
    const html = render('search');
    expect(html).toContain('<h1>Used Cars</h1>');
    expect(html).toContain('2 cars found');
    expect(html).toContain(`href="/cars/${CARS[0].slug}"`);
    expect(html).toContain(`href="/cars/${CARS[2].slug}"`);
    expect(html).not.toContain(`href="/cars/${CARS[1].slug}"`);
    expect(html).toContain('$28,990');
    expect(html).toContain('$2,010 below market price');
    expect(html).toMatch(/class="car-tag car-tag--sold"/);
  });
  it('shows at most the first page of 21', () => {
    const cars = Array.from({ length: 30 }, (_, i) => makeCar({ id: 100 + i, slug: `car-${i}` }));
    const Page = PAGES.search;
    const data = buildSiteData({ site: SITE, cars, assets: DATA.assets });
    const html = renderToStaticMarkup(<Page site={SITE} route={ROUTES.search} data={data} />);
    expect(count(html, /class="car-card"/g)).toBe(21);
    expect(html).toContain('30 cars found');
  });
  it('says so when nothing matches', () => {
    const html = render('search', { ...ROUTES.search, search: { heading: 'Utes', simple_body: 'Ute' } });
    expect(html).toContain('There are no cars matching this search right now.');
  });
});

describe('car detail', () => {
  const html = render('car');
  const links = hrefs(html);
  it('shows the facts the renderer built for the car (SiteData.facts) rather than making its own', () => {
    const props = propsFor('car');
    const car = (props.route as Extract<Route, { kind: 'car' }>).car;
    const facts = new Map(props.data.facts);
    facts.set(car.id, { ...facts.get(car.id)!, title: 'Title from siteData' });
    const Page = PAGES.car;
    expect(renderToStaticMarkup(<Page {...props} data={{ ...props.data, facts }} />)).toContain('<h1>Title from siteData');
  });
  it('shows gallery, price, below-market, specs and the #vehicle-map location', () => {
    expect(html).toContain('2023 Toyota Corolla<span class="car-detail__badge"> Ascent Sport</span>');
    expect(html).toContain('ZWE211R');
    expect(count(html, /<li><img /g)).toBe(2);
    expect(html).toMatch(
      /<img src="https:\/\/cdn\.example\.com\/cars\/1\/1\.jpg\?w=640[^"]*" srcSet="[^"]*1\.jpg\?w=320[^"]* 320w, [^"]*1280w" sizes="[^"]+" alt="[^"]+photo 1 of 2" width="1280" height="960" loading="eager" fetchPriority="high"/,
    );
    expect(html).toMatch(/photo 2 of 2" width="1280" height="960" loading="lazy"/);
    expect(html).toContain('$2,010 below market price');
    expect(html).toContain('<th scope="row">Odometer</th><td>12,000 km</td>');
    expect(html).toContain('id="vehicle-map"');
    // The #vehicle-map section has the car's location on a map that loads when clicked.
    const section = /<section id="vehicle-map"[^]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toMatch(/<div data-island="MapFacade" data-when="visible"/);
    expect(section).not.toContain('<iframe');
  });
  it('has the sidebar actions its rules allow', () => {
    expect(links).toContain('#enquire');
    expect(links).toContain('#test-drive');
    expect(links).toContain(`/cars/${CARS[0].slug}/checkout`);
    expect(links).toContain('/cars/trade-in?car_id=1');
    expect(links).toContain('/finance?preferredDealership=harbourside-motors&vehiclePriceBudget=28990&car_id=1&car_type=used#finance-form');
    expect(links).toContain('https://cdn.example.com/cars/1/history.pdf');
    expect(links).toContain('/search/new-used-and-demo-cars?refinementList%5Bdealership_slug%5D%5B0%5D=harbourside-motors');
    expect(html).toContain('Reserve Car Now');
    expect(html).toContain('Trade-In Valuation');
    expect(html).toContain('Get Finance');
  });
  it('uses buy-online when the site says so and hides actions the rules forbid', () => {
    const site = { ...SITE, paths: { ...SITE.paths, reserve: 'buy-online' as const }, config: { ...SITE.config, autograb: false } };
    const reserved = render('car', ROUTES.car, site);
    expect(hrefs(reserved)).toContain(`/cars/${CARS[0].slug}/buy-online`);
    expect(reserved).not.toContain('Trade-In Valuation');
    const noProvider = render('car', ROUTES.car, { ...SITE, config: { ...SITE.config, payment_provider: null, finance_provider: null } });
    expect(noProvider).not.toContain('Reserve Car Now');
    expect(noProvider).not.toContain('Get Finance');
  });
  it('puts the price and one button per action at the top of the sidebar, in SPEC order, secondary links after', () => {
    const sidebar = /<section class="car-detail__sidebar"[^]*?<\/section>/.exec(html)?.[0] ?? '';
    // The sidebar follows the gallery and comes before the specs (on phones it is read in this order).
    expect(html.indexOf('car-detail__sidebar')).toBeGreaterThan(html.indexOf('class="gallery'));
    expect(html.indexOf('car-detail__sidebar')).toBeLessThan(html.indexOf('<th scope="row">Odometer</th>'));
    expect(sidebar.indexOf('class="car-price"')).toBeGreaterThan(-1);
    expect(count(html, /class="car-price"/g)).toBe(1);
    const [primary, secondary] = sidebar.split('car-actions--secondary');
    const order = ['>Enquire<', '>Get Finance<', '>Trade-In Valuation<', '>Got a Question?<', '>Reserve Car Now<', '>Book a Test Drive<'];
    const at = order.map((label) => primary.indexOf(label));
    expect(at.every((i) => i > primary.indexOf('class="car-price"'))).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const label of order) expect(count(primary, new RegExp(label.replace('?', '\\?'), 'g')), label).toBe(1);
    // One finance button; pre-approval, finance information, the history report and the dealer's stock are links.
    expect(primary).not.toContain('Get Pre-Approved');
    expect(secondary).toMatch(/class="btn btn-link"[^>]*>Get Pre-Approved</);
    expect(secondary).toMatch(/class="btn btn-link"[^>]*>Finance information</);
    expect(secondary).toMatch(/class="btn btn-link"[^>]*>See more from this dealer</);
  });
  it('has a phone action bar: Enquire and Book a Test Drive, Call only where the phone is shown, no test drive for a sold car', () => {
    const bar = (page: string) => /<nav class="car-mobile-bar"[^]*?<\/nav>/.exec(page)?.[0] ?? '';
    expect(bar(html)).toContain('href="#enquire">Enquire</a>');
    expect(bar(html)).toContain('href="#test-drive">Book a Test Drive</a>');
    const shown = render('car', ROUTES.car, { ...SITE, features: { ...SITE.features, phone_reveal_shown: true } });
    const hidden = render('car', ROUTES.car, { ...SITE, features: { ...SITE.features, phone_reveal_shown: false } });
    expect(bar(shown)).toMatch(/href="tel:[^"]+">Call<\/a>/);
    expect(bar(hidden)).not.toContain('Call');
    expect(bar(render('car', { ...ROUTES.car, path: `/cars/${CARS[2].slug}`, car: CARS[2] }))).not.toContain('#test-drive');
  });
  it('says a sold car is sold and links to its make', () => {
    const sold = render('car', { ...ROUTES.car, path: `/cars/${CARS[2].slug}`, car: CARS[2] });
    expect(sold).toContain('This car has been sold.');
    expect(hrefs(sold)).toContain('/search/mazda');
    expect(sold).not.toContain('Reserve Car Now');
    expect(sold).not.toContain('Book a Test Drive</a>');
    expect(sold).not.toContain('/history.pdf');
    expect(sold).toContain('<p class="car-detail__sold-label">Sold</p>');
    // Similar cars for sale: the same body style here (no other Mazda in stock).
    expect(sold).toContain('<h2 id="similar-heading">Similar cars</h2>');
    expect(hrefs(sold)).toEqual(expect.arrayContaining([`/cars/${CARS[1].slug}`, `/cars/${CARS[3].slug}`]));
    expect(render('car')).not.toContain('Similar cars');
  });
  it('shows breadcrumbs to the make and model searches, the car itself current', () => {
    const html = render('car');
    expect(html).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/search/toyota">Toyota</a></li><li><a href="/search/toyota/corolla">Corolla</a></li><li><span aria-current="page">2023 Toyota Corolla Ascent Sport</span></li></ol></nav>',
    );
  });
  it("links the next cars of the same model, and none when the car is its model's only one", () => {
    const twins = [1, 2, 3].map((id) => makeCar({ id: 90 + id, slug: `twin-${id}` }));
    const data = buildSiteData({ site: SITE, cars: twins, assets: DATA.assets });
    const Page = PAGES.car;
    const html = renderToStaticMarkup(<Page site={SITE} data={data} route={{ ...ROUTES.car, path: '/cars/twin-2', car: twins[1] }} />);
    expect(html).toContain('More Toyota Corolla');
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/cars/twin-3', '/cars/twin-1']));
    expect(render('car')).not.toContain('More Toyota Corolla');
  });
  it('spells for the US region', () => {
    const us = {
      ...SITE,
      region: 'US' as const,
      regionSettings: { ...SITE.regionSettings, region: 'US' as const, locale: 'en-US' as const, currency: 'USD' as const, us_spelling: true },
    };
    const html = render('car', ROUTES.car, us);
    expect(html).toContain('Inquire');
    expect(html).toContain('<th scope="row">Color</th>');
  });
});

describe('reserve, trade-in and valuations', () => {
  it('reserve shows the car, the deposit and the steps, with a link back', () => {
    const html = render('reserve');
    expect(html).toContain('<h1>Reserve the 2023 Toyota Corolla</h1>');
    expect(html).toContain('<strong>$500</strong>');
    expect(html).toContain('<ol class="steps">');
    expect(hrefs(html)).toContain(`/cars/${CARS[0].slug}`);
  });
  it('trade-in shows no car summary: the car comes from the query in the browser', () => {
    expect(render('trade-in')).not.toContain('car-summary');
  });
  it('valuations is Sell Your Car', () => {
    expect(render('valuations')).toContain('<h1>Sell Your Car</h1>');
  });
});

describe('models, model, brand, electric', () => {
  it('groups models by manufacturer_body with body filter links', () => {
    const html = render('models');
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/models?body=all', '/models?body=suvs-4wds#body-suvs-4wds', '/models?body=cars#body-cars']));
    expect(html).toContain('<h2 id="body-suvs-4wds">SUVs &amp; 4WDs</h2>');
    expect(html).toContain('data-island="ModelsBodyFilter"');
    expect(html).toContain('href="/models/rav4"');
  });
  it('model page shows its label, price from and stock of that model', () => {
    const html = render('model');
    expect(html).toContain('Toyota ALL-NEW RAV4 (HYBRID)');
    expect(html).toContain('From $42,990');
    expect(html).toContain(`href="/cars/${CARS[1].slug}"`);
    expect(hrefs(html)).toContain('/search/toyota/rav4');
  });
  it('brand page shows the group websites, models and stock of the make', () => {
    const html = render('brand');
    expect(html).toContain('<h1>Toyota</h1>');
    expect(hrefs(html)).toContain('https://www.harboursidetoyota.example.com');
    expect(html).toContain(`href="/cars/${CARS[0].slug}"`);
    expect(html).not.toContain(`href="/cars/${CARS[2].slug}"`);
  });
  it('electric page lists electric and hybrid cars for sale', () => {
    const html = render('electric');
    expect(html).toContain(`href="/cars/${CARS[3].slug}"`);
    expect(html).toContain(`href="/cars/${CARS[1].slug}"`);
    expect(html).not.toContain(`href="/cars/${CARS[0].slug}"`);
  });
  it('electric page lists the first 24 of each kind and links to the search for the rest, by the fuel as the stock spells it', () => {
    const electric = Array.from({ length: 25 }, (_, i) => makeCar({ id: 200 + i, slug: `ev-${i}`, simple_fuel: i === 24 ? 'electric' : 'Electric' }));
    const hybrid = Array.from({ length: 24 }, (_, i) => makeCar({ id: 300 + i, slug: `hybrid-${i}`, simple_fuel: 'Hybrid' }));
    const data = buildSiteData({ site: SITE, cars: [...electric, ...hybrid], assets: DATA.assets });
    const html = renderToStaticMarkup(<PAGES.electric site={SITE} route={ROUTES.electric} data={data} />);
    expect(count(html, /class="car-card"/g)).toBe(48);
    expect(html).not.toContain('href="/cars/ev-24"');
    const search = hrefs(html).filter((href) => href.includes('refinementList'));
    expect(search).toEqual([`/search/new-used-and-demo-cars?refinementList%5Bsimple_fuel%5D%5B0%5D=Electric&refinementList%5Bsimple_fuel%5D%5B1%5D=electric`]);
    expect(html).toContain('Search all electric cars');
    expect(html).not.toContain('hybrid cars</a>');
  });
});

describe('compare, favourites, finance', () => {
  it.each(['compare', 'favourites'] as const)('%s has the No Saved Cars empty state with Get Started', (kind) => {
    const html = render(kind);
    expect(html).toContain('No Saved Cars');
    expect(html).toMatch(/<a class="btn btn-primary" href="\/search\/new-used-and-demo-cars">Get Started<\/a>/);
  });
  it('favourites takes the garage label', () => {
    const site = { ...SITE, paths: { ...SITE.paths, favourites: '/my-garage', favourites_label: 'myGarage' } };
    expect(render('favourites', ROUTES.favourites, site)).toContain('<h1>myGarage</h1>');
  });
  it('finance has the #finance-form section', () => {
    expect(render('finance')).toContain('<section id="finance-form"');
  });
});

describe('contact and locations', () => {
  it('contact lists every location with department phones', () => {
    const html = render('contact', { ...ROUTES.contact, path: '/contact-us' });
    expect(html).toContain('Harbourside Motors - Sales');
    expect(html).toContain('Harbourside Motors - Service');
    expect(html).toContain('href="tel:+61249001299"');
    expect(html).toContain('>Contact Us</a>');
  });
  it('the configured contact URL hides the contact buttons', () => {
    expect(render('contact')).not.toContain('>Contact Us</a>');
  });
  it('contact-location and location render the route location', () => {
    expect(render('contact-location')).toContain('<h1>Contact Harbourside Motors - Sales</h1>');
    const html = render('location');
    expect(html).toContain('<h1>Harbourside Motors - Sales</h1>');
    expect(hrefs(html)).toContain('/contact-us/harbourside-motors');
  });
  it('dealerships lists dealerships and locations', () => {
    const html = render('dealerships');
    expect(html).toContain('Dealer licence MD 12345');
    expect(html).toContain('Harbourside Motors - Service');
  });
  it('service lists service locations and the booking link', () => {
    const html = render('service');
    expect(html).toContain('Harbourside Motors - Service');
    expect(html).not.toContain('<h3 class="location-name">Harbourside Motors - Sales</h3>');
    expect(hrefs(html)).toContain('/subaru-service');
    expect(hrefs(render('service-booking'))).toContain('https://booking.example.com/harbourside');
  });
});

describe('info, privacy, success, 404', () => {
  it('FAQs are <details>', () => {
    const html = render('info');
    expect(html).toContain('<details><summary>Do you take trade-ins?</summary><p>Yes, on every car we sell.</p></details>');
  });
  it('special offers end on the last day of the month', () => {
    const html = render('info', { path: '/special-offers', kind: 'info', indexable: true, page: SITE.pages[1] });
    expect(html).toContain('Offers end <time dateTime="2025-06-30">30 June 2025</time>');
    expect(html).toContain('<p>Logbook service from $199.</p><p>Conditions apply.</p>');
  });
  it('content blocks: text, FAQ, call to action, an instant price form, offers with their end date and matching stock', () => {
    const page: InfoPage = {
      path: '/instant-price',
      title: 'Instant Price',
      blocks: [
        { type: 'text' as const, heading: 'How it works', body: 'Tell us the car you are after.' },
        { type: 'faq' as const, items: [{ question: 'How fast?', answer: 'Within the hour.' }] },
        { type: 'cta' as const, text: 'See our stock', url: '/search/new-used-and-demo-cars' },
        { type: 'cta' as const, text: 'Unsafe', url: 'javascript:alert(1)' },
        { type: 'lead_form' as const, form: 'instant-price' as const },
        {
          type: 'offers' as const,
          offers: [
            { title: 'Corolla bonus', make: 'toyota', model: 'corolla' },
            { title: 'Ended', ends_on: '2025-01-31' },
            { title: 'Winter tyres', ends_on: '2025-07-15' },
          ],
        },
      ],
    };
    const html = render('info', { path: '/instant-price', kind: 'info', indexable: true, page });
    expect(html).toContain('<h2 id="block-0">How it works</h2><p>Tell us the car you are after.</p>');
    expect(html).toContain('<details><summary>How fast?</summary><p>Within the hour.</p></details>');
    expect(html).toContain('<a class="btn btn-primary" href="/search/new-used-and-demo-cars">See our stock</a>');
    expect(html).not.toContain('javascript:');
    // The embedded form of the named kind: the car wanted and the budget, then the contact details.
    expect(html).toContain('<h2 id="block-4">Request an instant price</h2>');
    expect(html).toContain('data-form="instant-price"');
    for (const label of ['Make *', 'Model *', 'Budget *', 'First Name *']) expect(html).toContain(`>${label}</label>`);
    // Offers: the month's last day by default, their own day otherwise, ended ones gone; matching cars linked.
    expect(html).toContain('Offer ends <time dateTime="2025-06-30">30 June 2025</time>');
    expect(html).toContain('Offer ends <time dateTime="2025-07-15">15 July 2025</time>');
    expect(html).not.toContain('>Ended</h3>');
    expect(hrefs(html)).toContain('/cars/2023-toyota-corolla-ascent-sport-u1234');
    expect(hrefs(html)).not.toContain('/cars/2025-toyota-rav4-gx-hybrid-n22');
  });
  it('record text on info pages is text, never HTML', () => {
    const page = { path: '/terms', title: '<i>T</i>', sections: [{ heading: 'H', body: '<script>alert(1)</script>' }], blocks: [] };
    const html = render('info', { path: '/terms', kind: 'info', indexable: true, page });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
  it('privacy inserts the escaped policy HTML from renderer/legal.ts', () => {
    const html = render('privacy');
    expect(html).toContain('<p>We respect your privacy.</p>');
    expect(html).toContain('<h2 id="privacy-0">Security</h2><div><p>We keep it safe.</p></div>');
  });
  it('success thanks the shopper with next steps; 404 links to search, home and contact', () => {
    expect(render('success')).toContain('<h1>Thank You</h1>');
    expect(hrefs(render('not-found'))).toEqual(expect.arrayContaining(['/search/new-used-and-demo-cars', '/', '/contact']));
  });
});
