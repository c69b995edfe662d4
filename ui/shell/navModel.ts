/**
 * The header navigation as plain, JSON-serialisable data (it becomes the HeaderMenu island's props).
 * Built once per dealer from site.navigation.header: plain links, dropdowns (dropdownItems /
 * dropdownMenus) and dynamic dropdowns (brands, models, bodies, columns) of SPEC §2 Header.
 * Every URL passes safeHref here; a link whose URL is unsafe is dropped, never rendered.
 */
import { BODY_STYLES } from '../../domain/bodyStyles.ts';
import { headerShowsLocationsLink } from '../../domain/locations.ts';
import { bodyFilterSlug, modelNavLabel, shortDescription } from '../../domain/models.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { Site } from '../../domain/site.ts';
import type { DealershipWebsite, Model, NavigationItem } from '../../domain/types.ts';
import { visibleLocations } from '../components/locationLinks.ts';
import { requireNavigation } from './navigationGuard.ts';
import { DEALERSHIPS_PATH, SERVICE_PATH, bodySearchPath, favouritesPath, financePath, modelHref, modelsPath, searchPath } from '../../domain/routes/paths.ts';

/** A link in the menu. */
export interface NavLink {
  name: string;
  url: string;
  className?: string;
  /** Opens another site (brands dropdown): rendered with rel=noopener. */
  external?: boolean;
  image?: { src: string; alt: string; width: number; height: number };
  /** Model short description (75 chars, domain shortDescription). */
  description?: string;
  /** 'ALL-NEW' for new models. */
  prefix?: string;
  /** '(HYBRID)' for hybrid models. */
  tag?: string;
}

/** A titled group of links inside a dropdown (a column of a mega menu). */
export interface NavGroup {
  heading?: string;
  headingUrl?: string;
  links: NavLink[];
}

/** A top-level menu entry: a link, or a dropdown of groups. */
export type NavNode = ({ kind: 'link' } & NavLink) | { kind: 'dropdown'; name: string; url?: string; className?: string; mega: boolean; groups: NavGroup[] };

/** SPEC §2 body styles and their /search/{body} paths (domain/bodyStyles.ts). */
export { BODY_STYLES };

const BRAND_LOGO = { width: 120, height: 60 };
const MODEL_IMAGE = { width: 160, height: 90 };

function link({ name, url, className }: { name: string; url?: string | null; className?: string | null }): NavLink | null {
  const href = safeHref(url);
  if (!href) return null;
  return className ? { name, url: href, className } : { name, url: href };
}

function itemLinks(items: NavigationItem[] | undefined): NavLink[] {
  return (items ?? []).flatMap((item) => link(item) ?? []);
}

/**
 * The brands dropdown: the group's dealership websites kept by make_filter, minus exclude_slugs,
 * with per-slug overrides applied, optionally sorted by name.
 */
export function brandLinks({ site }: { site: Pick<Site, 'dealership_websites' | 'brands_dropdown' | 'features'> }): NavLink[] {
  const options = site.brands_dropdown ?? {};
  const makes = options.make_filter?.map((make) => make.toLowerCase());
  const excluded = new Set(options.exclude_slugs ?? []);
  const websites: DealershipWebsite[] = (site.dealership_websites ?? [])
    .filter((website) => !excluded.has(website.slug))
    .filter((website) => !makes || makes.length === 0 || makes.includes(website.make.toLowerCase()))
    .map((website) => ({ ...website, ...(options.overrides?.[website.slug] ?? {}) }));
  if (site.features.brands_sort_alphabetical) websites.sort((a, b) => a.name.localeCompare(b.name));
  return websites.flatMap((website) => {
    const href = safeHref(website.url);
    if (!href) return [];
    const logo = safeHref(website.logo?.url);
    const entry: NavLink = { name: website.name, url: href, external: true };
    if (logo) entry.image = { src: logo, alt: '', ...BRAND_LOGO };
    return [entry];
  });
}

/** A model's menu link: ALL-NEW prefix, (HYBRID) tag, 75-char description, override url (domain/models.ts). */
export function modelLink(model: Model): NavLink | null {
  const label = modelNavLabel({ model });
  const url = safeHref(modelHref({ model }));
  if (!url) return null;
  const entry: NavLink = { name: label.name, url };
  if (label.prefix) entry.prefix = label.prefix;
  if (label.tag) entry.tag = label.tag;
  if (model.short_description) entry.description = shortDescription(model.short_description);
  const image = safeHref(model.image?.url);
  if (image) entry.image = { src: image, alt: '', ...MODEL_IMAGE };
  return entry;
}

/** The models mega menu: models grouped by manufacturer_body, each group by position, heading linking to /models?body=. */
export function modelGroups({ models }: { models: Model[] }): NavGroup[] {
  const byBody = new Map<string, Model[]>();
  for (const model of models) {
    const body = model.manufacturer_body?.trim() || 'Models';
    byBody.set(body, [...(byBody.get(body) ?? []), model]);
  }
  return [...byBody].map(([body, list]) => ({
    heading: body,
    headingUrl: modelsPath({ body: body === 'Models' ? 'all' : bodyFilterSlug(body) }),
    links: [...list]
      .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER))
      .flatMap((model) => modelLink(model) ?? []),
  }));
}

/** 'Browse by body style': suv, hatchback, ute, coupe, sedan, wagon -> /search/{body}. */
export function bodyLinks(): NavLink[] {
  return BODY_STYLES.map(({ name }) => ({ name, url: bodySearchPath({ body: name }) }));
}

/** 'Shop Cars': new, used and demo search paths (new/demo only when the dealer stocks them). */
export function shopCarsLinks({ site }: { site: Pick<Site, 'stock'> }): NavLink[] {
  const counts = site.stock?.car_types ?? {};
  return [
    counts.new === 0 ? null : { name: 'New Cars', url: searchPath({ search: { car_types: ['new'], heading: 'New Cars' } }) },
    { name: 'Used Cars', url: searchPath({ search: { car_types: ['used'], heading: 'Used Cars' } }) },
    counts.demo === 0 ? null : { name: 'Demo Cars', url: searchPath({ search: { car_types: ['demo'], heading: 'Demo Cars' } }) },
  ].filter((entry): entry is NavLink => entry !== null);
}

function dropdownGroups({ item, site }: { item: NavigationItem; site: Site }): { mega: boolean; groups: NavGroup[] } {
  const menus: NavGroup[] = (item.dropdownMenus ?? []).map((menu) => ({ heading: menu.name, links: itemLinks(menu.items) }));
  const items = itemLinks(item.dropdownItems);
  const own = items.length > 0 ? [{ links: items }, ...menus] : menus;
  switch (item.dynamicDropdown) {
    case 'brands':
      return { mega: false, groups: [{ links: brandLinks({ site }) }, ...own] };
    case 'models':
      return { mega: true, groups: [...modelGroups({ models: site.models }), ...own] };
    case 'bodies':
      return { mega: false, groups: [{ links: bodyLinks() }, ...own] };
    case 'columns':
      return {
        mega: true,
        groups: [{ heading: 'Shop Cars', links: shopCarsLinks({ site }) }, { heading: 'Browse by body style', links: bodyLinks() }, ...own],
      };
    default:
      return { mega: menus.length > 1, groups: own };
  }
}

/** Where the header's and banner's single 'Locations' link goes (SPEC §2 /dealerships lists every location). */
export const LOCATIONS_PATH = DEALERSHIPS_PATH;

/**
 * The header menu: one node per navigation.header item, then a 'Locations' link when the dealer
 * has more than 3 locations (SPEC §9, domain headerShowsLocationsLink), then the favourites link
 * when favourites are on.
 */
export function buildHeaderNav({ site }: { site: Site }): NavNode[] {
  const { header } = requireNavigation({ navigation: site.navigation });
  const nodes: NavNode[] = header.flatMap((item): NavNode[] => {
    const isDropdown = Boolean(item.dynamicDropdown) || (item.dropdownItems?.length ?? 0) > 0 || (item.dropdownMenus?.length ?? 0) > 0;
    if (!isDropdown) {
      const plain = link(item);
      return plain ? [{ kind: 'link', ...plain }] : [];
    }
    const { mega, groups } = dropdownGroups({ item, site });
    const nonEmpty = groups.filter((group) => group.links.length > 0);
    if (nonEmpty.length === 0) return [];
    const node: NavNode = { kind: 'dropdown', name: item.name, mega, groups: nonEmpty };
    const url = safeHref(item.url);
    if (url) node.url = url;
    if (item.className) node.className = item.className;
    return [node];
  });
  // Appended links show once: a configured link to the same place already stands for them.
  const configured = new Set(nodes.flatMap((node) => (node.kind === 'link' ? [node.url] : node.url ? [node.url] : [])));
  if (headerShowsLocationsLink(visibleLocations(site.locations ?? []).length) && !configured.has(LOCATIONS_PATH)) {
    nodes.push({ kind: 'link', name: 'Locations', url: LOCATIONS_PATH, className: 'nav-locations' });
  }
  if (site.features.favourites) {
    const favourites = link({ name: site.paths.favourites_label, url: favouritesPath({ paths: site.paths }) });
    if (favourites && !configured.has(favourites.url)) nodes.push({ kind: 'link', ...favourites, className: 'nav-favourites' });
  }
  // The header buttons ('Book a Service', 'Finance Pre-Approval') are the header's own entries for
  // their paths: a plain menu link to the same path would show it twice.
  const buttonUrls = new Set(headerButtons({ site }).map((button) => button.url));
  return nodes.filter((node) => node.kind !== 'link' || !buttonUrls.has(node.url));
}

/** 'Book a Service' (/service) and 'Finance Pre-Approval' (site.paths.finance) header buttons. */
export function headerButtons({ site }: { site: Pick<Site, 'paths'> }): NavLink[] {
  return [
    { name: 'Book a Service', url: SERVICE_PATH, className: 'btn btn-outline' },
    link({ name: 'Finance Pre-Approval', url: financePath({ paths: site.paths }), className: 'btn btn-primary' }),
  ].filter((entry): entry is NavLink => entry !== null);
}
