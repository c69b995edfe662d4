import { describe, expect, it } from 'vitest';
import { sampleSite } from '../../fixtures/sites/northside.ts';
import { bodyFilterSlug } from '../../domain/models.ts';
import type { Site } from '../../domain/site.ts';
import type { DealershipWebsite, Model, NavigationItem } from '../../domain/types.ts';
import { BODY_STYLES, brandLinks, buildHeaderNav, headerButtons, modelGroups, shopCarsLinks, type NavNode } from './navModel.ts';

const website = (slug: string, name: string, make: string): DealershipWebsite => ({
  slug,
  name,
  make,
  url: `https://${slug}.example`,
  logo: { url: `https://${slug}.example/logo.png` },
});
const websites = [
  website('zeta-toyota', 'Zeta Toyota', 'Toyota'),
  website('alpha-mazda', 'Alpha Mazda', 'Mazda'),
  website('beta-toyota', 'Beta Toyota', 'Toyota'),
  website('gamma-kia', 'Gamma Kia', 'Kia'),
];
const withFeatures = (site: Site, features: Partial<Site['features']>) => ({ ...site, features: { ...site.features, ...features } });
const nav = (header: NavigationItem[]) => ({ header, footer: [] });
const dropdown = (node: NavNode | undefined) => {
  if (!node || node.kind !== 'dropdown') throw new Error('expected a dropdown');
  return node;
};

describe('brands dropdown', () => {
  it('keeps the record order by default', () => {
    const site = sampleSite({ dealership_websites: websites });
    expect(brandLinks({ site }).map((l) => l.name)).toEqual(['Zeta Toyota', 'Alpha Mazda', 'Beta Toyota', 'Gamma Kia']);
  });

  it('filters by make (case-insensitive), excludes slugs, applies overrides, sorts alphabetically when enabled', () => {
    const site = withFeatures(
      sampleSite({
        dealership_websites: websites,
        brands_dropdown: {
          make_filter: ['toyota', 'Kia'],
          exclude_slugs: ['gamma-kia'],
          overrides: { 'zeta-toyota': { name: 'Aardvark Toyota', url: 'https://override.example' } },
        },
      }),
      { brands_sort_alphabetical: true },
    );
    const links = brandLinks({ site });
    expect(links.map((l) => [l.name, l.url])).toEqual([
      ['Aardvark Toyota', 'https://override.example'],
      ['Beta Toyota', 'https://beta-toyota.example'],
    ]);
    expect(links[0]).toMatchObject({ external: true, image: { src: 'https://zeta-toyota.example/logo.png', width: 120, height: 60 } });
  });

  it('drops a website with an unsafe URL', () => {
    const site = sampleSite({ dealership_websites: [{ ...websites[0], url: 'javascript:alert(1)' }, websites[1]] });
    expect(brandLinks({ site }).map((l) => l.name)).toEqual(['Alpha Mazda']);
  });
});

describe('models mega menu (SPEC §2 Models in navigation)', () => {
  const model = (overrides: Partial<Model>): Model => ({
    manufacturer_name: 'Toyota',
    slug: 'm',
    name: 'M',
    description: null,
    price_from: null,
    ...overrides,
  });
  const long = 'A'.repeat(100);
  const models = [
    model({ slug: 'rav4', name: 'RAV4', manufacturer_body: 'SUV', position: 2, fuel: 'Hybrid', image: { url: '/assets/rav4.png' } }),
    model({ slug: 'corolla', name: 'Corolla', manufacturer_body: 'Hatch & Small', position: 1, status: 'new', short_description: long }),
    model({ slug: 'kluger', name: 'Kluger', manufacturer_body: 'SUV', position: 1, override_url: 'https://kluger.example' }),
  ];

  it('groups by manufacturer_body, orders by position and links to /models?body=', () => {
    const groups = modelGroups({ models });
    expect(groups.map((g) => [g.heading, g.links.map((l) => l.name)])).toEqual([
      ['SUV', ['Kluger', 'RAV4']],
      ['Hatch & Small', ['Corolla']],
    ]);
    expect(groups[0].headingUrl).toBe('/models?body=suv#body-suv');
    expect(groups[1].headingUrl).toBe(
      `/models?body=${encodeURIComponent(bodyFilterSlug('Hatch & Small'))}#body-${encodeURIComponent(bodyFilterSlug('Hatch & Small'))}`,
    );
    expect(groups[1].headingUrl).not.toContain('&');
  });

  it('ALL-NEW prefix, (HYBRID) tag, 75-character description, override url, image', () => {
    const [suv, hatch] = modelGroups({ models });
    const [kluger, rav4] = suv.links;
    const [corolla] = hatch.links;
    expect(corolla.prefix).toBe('ALL-NEW');
    expect(rav4.prefix).toBeUndefined();
    expect(rav4.tag).toBe('(HYBRID)');
    expect(corolla.tag).toBeUndefined();
    expect(corolla.description!.length).toBeLessThanOrEqual(75);
    expect(corolla.description!.length).toBeGreaterThan(60);
    expect(corolla.url).toBe('/corolla');
    expect(kluger.url).toBe('https://kluger.example');
    expect(rav4.image).toMatchObject({ src: '/assets/rav4.png' });
  });

  it('is a mega dropdown in the header nav', () => {
    const site = sampleSite({ models, navigation: nav([{ _key: 'm', _type: 'navItem', name: 'Models', dynamicDropdown: 'models', url: '/models' }]) });
    const node = dropdown(buildHeaderNav({ site })[0]);
    expect(node.mega).toBe(true);
    expect(node.url).toBe('/models');
    expect(node.groups).toHaveLength(2);
  });
});

describe('bodies and columns dropdowns', () => {
  it('bodies: suv, hatchback, ute, coupe, sedan, wagon -> /search/{body}', () => {
    const site = sampleSite({ navigation: nav([{ _key: 'b', _type: 'navItem', name: 'Body', dynamicDropdown: 'bodies' }]) });
    const node = dropdown(buildHeaderNav({ site })[0]);
    expect(node.groups[0].links.map((l) => l.url)).toEqual([
      '/search/suv',
      '/search/hatchback',
      '/search/ute',
      '/search/coupe',
      '/search/sedan',
      '/search/wagon',
    ]);
    expect(BODY_STYLES).toHaveLength(6);
  });

  it("columns: the mega menu with 'Shop Cars' and 'Browse by body style' plus the item's own menus", () => {
    const site = sampleSite({
      navigation: nav([
        {
          _key: 'c',
          _type: 'navItem',
          name: 'Shop',
          dynamicDropdown: 'columns',
          dropdownMenus: [{ name: 'More', items: [{ _key: 'x', _type: 'navItem', name: 'Valuations', url: '/valuations' }] }],
        },
      ]),
    });
    const node = dropdown(buildHeaderNav({ site })[0]);
    expect(node.mega).toBe(true);
    expect(node.groups.map((g) => g.heading)).toEqual(['Shop Cars', 'Browse by body style', 'More']);
    expect(node.groups[0].links.map((l) => l.url)).toEqual(['/search/new-cars', '/search/used-cars', '/search/demo-cars']);
  });

  it('Shop Cars leaves out new or demo when the dealer stocks none', () => {
    expect(shopCarsLinks({ site: sampleSite({ stock: { car_types: { new: 0, demo: 0 } } }) }).map((l) => l.name)).toEqual(['Used Cars']);
  });
});

describe('header nav', () => {
  it('plain links, dropdownItems and the appended favourites link', () => {
    const nodes = buildHeaderNav({ site: sampleSite() });
    expect(nodes.map((n) => [n.kind, n.name])).toEqual([
      ['link', 'Home'],
      ['dropdown', 'Stock'],
      ['link', 'Contact'],
      ['link', 'Favourites'],
    ]);
    expect(nodes[3]).toMatchObject({ url: '/favourites' });
  });

  it("a 'Locations' link only with more than 3 visible locations (SPEC §9)", () => {
    const location = (id: number, visible = true) => ({ ...sampleSite().locations[0], id, visible });
    const three = sampleSite({ locations: [location(1), location(2), location(3), location(4, false)] });
    expect(buildHeaderNav({ site: three }).map((n) => n.name)).not.toContain('Locations');
    const four = sampleSite({ locations: [location(1), location(2), location(3), location(4)] });
    expect(buildHeaderNav({ site: four }).find((n) => n.name === 'Locations')).toMatchObject({ url: '/dealerships' });
  });

  it('appended links show once: a configured link to the same path stands for them', () => {
    const location = (id: number) => ({ ...sampleSite().locations[0], id, visible: true });
    const locations = [location(1), location(2), location(3), location(4)];
    const item = (name: string, url: string): NavigationItem => ({ _key: name, _type: 'navItem', name, url });
    const configured = sampleSite({ locations, navigation: nav([item('Our Locations', '/dealerships'), item('Saved', '/favourites')]) });
    expect(buildHeaderNav({ site: configured }).map((n) => n.name)).toEqual(['Our Locations', 'Saved']);
    // A configured link elsewhere keeps the appended ones.
    const other = sampleSite({ locations, navigation: nav([item('Stock', '/search/used-cars')]) });
    expect(buildHeaderNav({ site: other }).map((n) => n.name)).toEqual(['Stock', 'Locations', 'Favourites']);
  });

  it("a menu link to a header button's path shows once, as the button", () => {
    const item = (name: string, url: string): NavigationItem => ({ _key: name, _type: 'navItem', name, url });
    const site = sampleSite({
      navigation: nav([item('Book a Service', '/service'), item('Service Specials', '/service-specials'), item('Finance', '/finance')]),
    });
    expect(buildHeaderNav({ site }).map((n) => n.name)).toEqual(['Service Specials', 'Favourites']);
  });

  it('no favourites link when favourites are off', () => {
    const site = withFeatures(sampleSite(), { favourites: false });
    expect(buildHeaderNav({ site }).map((n) => n.name)).not.toContain('Favourites');
  });

  it('drops links with unsafe URLs', () => {
    const site = sampleSite({ navigation: nav([{ _key: 'x', _type: 'navItem', name: 'Evil', url: 'javascript:alert(1)' }]) });
    expect(buildHeaderNav({ site }).map((n) => n.name)).toEqual(['Favourites']);
  });

  it("throws 'Cannot run without navigation' for a header nav that is not a list (SPEC §8)", () => {
    const site = sampleSite({ navigation: { header: { not: 'a list' } as unknown as NavigationItem[] } });
    expect(() => buildHeaderNav({ site })).toThrow(new Error('Cannot run without navigation'));
  });

  it("buttons: 'Book a Service' (/service) and 'Finance Pre-Approval' (paths.finance)", () => {
    const base = sampleSite();
    const site = sampleSite({ paths: { ...base.paths, finance: '/apply-for-finance' } });
    expect(headerButtons({ site }).map((b) => [b.name, b.url])).toEqual([
      ['Book a Service', '/service'],
      ['Finance Pre-Approval', '/apply-for-finance'],
    ]);
  });
});
