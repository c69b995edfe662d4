/**
 * The site's own pages that neither the header nor the footer navigation of the record links:
 * the footer lists them ('More pages'), so every page the plan stage builds is linked from the
 * others. Pages reached only through a flow (the success page, the 404 page) and per-item pages
 * (cars, searches, brands, model listings, locations), which their listings link, are not listed;
 * a model's page at /{slug} is, when no menu links it.
 */
import type { Route, RouteKind } from '../../route.ts';
import type { Site } from '../../../domain/site.ts';

/** A footer link to a page of the site. */
export interface PageLink {
  name: string;
  path: string;
}

/** Link text of each listed kind. */
const NAMES: Partial<Record<RouteKind, (args: { route: Route; site: Site }) => string>> = {
  electric: () => 'Electric Cars',
  models: () => 'Models',
  dealerships: () => 'Our Dealerships',
  valuations: () => 'Sell Your Car',
  'trade-in': () => 'Trade-In Valuation',
  finance: () => 'Finance',
  compare: () => 'Compare Cars',
  favourites: ({ site }) => site.paths.favourites_label || 'Favourites',
  contact: () => 'Contact Us',
  service: () => 'Book a Service',
  'service-booking': () => 'Service Booking',
  info: ({ route }) => (route.kind === 'info' ? route.page.title : ''),
  privacy: () => 'Privacy Policy',
  // A model's page at /{slug}, when no menu links it (the model list links /models/{slug}).
  'model-slug': ({ route }) => (route.kind === 'model-slug' ? [route.model.manufacturer_name, route.model.name].filter(Boolean).join(' ') : ''),
  'privacy-statement': () => 'Privacy Statement',
  accessibility: () => 'Accessibility',
};

/** The hrefs of an HTML fragment as paths (query and fragment dropped, no trailing slash). */
export function linkedPaths(html: string): Set<string> {
  const paths = new Set<string>();
  for (const match of html.matchAll(/\shref="(\/[^"?#]*)/g)) paths.add(match[1].length > 1 ? match[1].replace(/\/+$/, '') : match[1]);
  return paths;
}

/** The pages of `routes` of a listed kind whose path `linked` does not hold, in plan order. */
export function morePages({ site, routes, linked }: { site: Site; routes: readonly Route[]; linked: ReadonlySet<string> }): PageLink[] {
  const links: PageLink[] = [];
  for (const route of routes) {
    const name = NAMES[route.kind]?.({ route, site });
    if (name && !linked.has(route.path)) links.push({ name, path: route.path });
  }
  return links;
}
