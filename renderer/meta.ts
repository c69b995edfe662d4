/**
 * Page metadata (SPEC §2 "Page metadata"): title, metaDescription, metaType, metaImage,
 * canonical and keywords of a route, from the handlebars templates in templates/meta.yaml.
 *
 * This runs for thousands of pages per second, so the YAML is read and every template compiled
 * once per build session (renderer/buildSession.ts, renewed by `dev` when templates/ changes). The templates produce plain text: the
 * document escapes it for its context, so they compile with noEscape (escaping twice would show
 * '&amp;' in titles).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { parse } from 'yaml';
import type { Site } from '../domain/site.ts';
import { spell } from '../domain/region.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import type { PageMeta } from '../ui/head.tsx';
import { priceDisplay } from '../domain/price.ts';
import { safeHref } from '../domain/safeUrl.ts';
import { knownImageSize } from '../domain/images.ts';
import { carPhotos } from '../domain/photoUrls.ts';
import { socialImage } from '../domain/responsiveImage.ts';
import { isSold } from '../domain/visibility.ts';
import { entriesInScope } from '../ui/pages/parts/scopeCars.ts';
import { routeDefinition } from './routes.ts';
import { makeAndModel } from '../domain/carName.ts';
import { DEFAULT_TEMPLATES_DIR } from './templatesDir.ts';

export type { PageMeta } from '../ui/head.tsx';

/** Where the meta templates live in a templates folder. */
export function metaTemplatesFile({ templatesDir }: { templatesDir: string }): string {
  return join(templatesDir, 'meta.yaml');
}

/** Longest meta description; longer text is cut at a word boundary with an ellipsis. */
export const MAX_DESCRIPTION = 200;

/** The compiled meta templates of each route kind (renderer/buildSession.ts compiles them once per session). */
export type MetaTemplates = Map<string, Compiled>;

interface Compiled {
  title: Handlebars.TemplateDelegate;
  description: Handlebars.TemplateDelegate;
  type: string;
}

/** Compiles templates/meta.yaml (or `source`, for tests) into per-kind templates. */
export function compileMetaTemplates(source: string = readFileSync(metaTemplatesFile({ templatesDir: DEFAULT_TEMPLATES_DIR }), 'utf8')): MetaTemplates {
  let raw: Record<string, { title?: string; description?: string; type?: string } | string>;
  try {
    raw = parse(source) ?? {};
  } catch (cause) {
    throw new Error(`templates/meta.yaml is not valid YAML`, { cause });
  }
  const hb = Handlebars.create();
  const out = new Map<string, Compiled>();
  for (const [kind, entry] of Object.entries(raw)) {
    // 'kind: page-meta' names the file's role for tools that scan templates/*.yaml.
    if (kind === 'kind') continue;
    if (typeof entry !== 'object' || !entry?.title) throw new Error(`templates/meta.yaml: '${kind}' has no title template`);
    try {
      // compile() is lazy; parse now so a broken template fails the build, not the first page.
      hb.parse(entry.title);
      hb.parse(entry.description ?? '');
      out.set(kind, {
        title: hb.compile(entry.title, { noEscape: true, strict: false }),
        description: hb.compile(entry.description ?? '', { noEscape: true, strict: false }),
        type: entry.type ?? 'website',
      });
    } catch (cause) {
      throw new Error(`templates/meta.yaml: '${kind}' does not compile`, { cause });
    }
  }
  return out;
}

function templatesFor({ key, compiled }: { key: string; compiled: MetaTemplates }): Compiled {
  const entry = compiled.get(key) ?? compiled.get('home');
  if (!entry) throw new Error(`templates/meta.yaml has no template for '${key}' and no 'home' fallback`);
  return entry;
}

/** The record data a route carries, whichever its kind (the templates read what is there). */
function routeData(route: Route) {
  return {
    car: 'car' in route ? route.car : undefined,
    location: 'location' in route ? route.location : undefined,
    model: 'model' in route ? route.model : undefined,
    manufacturer: 'manufacturer' in route ? route.manufacturer : undefined,
    page: 'page' in route ? route.page : undefined,
    search: 'search' in route ? route.search : undefined,
  };
}

type RouteFields = ReturnType<typeof routeData>;

/** Collapses the gaps empty values leave ('Corolla  for sale' -> 'Corolla for sale', ' ,' -> ','). */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.])/g, '$1')
    .trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function absolute(site: Site, url: string | null | undefined): string | undefined {
  const safe = safeHref(url);
  if (!safe || safe.startsWith('#') || safe.startsWith('?')) return undefined;
  if (safe.startsWith('/')) return `${site.baseUrl}${safe}`;
  return /^https?:/i.test(safe) ? safe : undefined;
}

/**
 * The best image for a route, with its size when known (domain/images.ts knownImageSize): a car
 * page's first photo (or the placeholder), else the model's, location's or brand's, else the site's.
 */
function routeImage(site: Site, route: RouteFields): { url: string; width?: number; height?: number } {
  // A car's first photo at the width social sites ask for (domain/responsiveImage.ts socialImage), with its size.
  if (route.car) {
    const photo = socialImage({ image: carPhotos({ car: route.car, settings: site.images })[0] });
    const url = absolute(site, photo.url);
    if (url) return { url, ...(photo.width && photo.height ? { width: photo.width, height: photo.height } : {}) };
  }
  const candidates = [route.model?.image?.url, route.location?.image?.url, route.manufacturer?.logo?.url, site.meta?.image, site.logo?.url];
  for (const c of candidates) {
    const url = absolute(site, c);
    if (url && c) return { url, ...knownImageSize({ url: c }) };
  }
  return { url: '' };
}

function routeKeywords(site: Site, route: RouteFields): string {
  const words = [
    ...(site.meta?.keywords ?? []),
    route.car?.make,
    route.car?.model,
    route.car ? `${route.car.car_type} cars` : undefined,
    route.search?.heading,
    route.model?.name,
    route.manufacturer?.name,
    site.address.city,
    site.name,
  ];
  return [...new Set(words.filter((w): w is string => Boolean(w && w.trim())))].join(', ');
}

/** How many visible cars a search route's scope holds (the scope's cars are found once per build: ui/pages/parts/scopeCars.ts). */
function countInScope({ data, route }: { data: SiteData; route: Extract<Route, { kind: 'search' }> }): number {
  return entriesInScope({ scope: route.search, data }).length;
}

/** The metadata of one page, from the session's compiled `templates` (compiled now from templates/meta.yaml when absent). */
export function pageMeta({
  site,
  route,
  data,
  templates: compiled = compileMetaTemplates(),
}: {
  site: Site;
  route: Route;
  data: SiteData;
  templates?: MetaTemplates;
}): PageMeta {
  // A sold car's page is titled as sold, never '... for sale'.
  const templates = templatesFor({ key: route.kind === 'car' && isSold(route.car) ? 'car-sold' : routeDefinition(route.kind).metaKey, compiled });
  const fields = routeData(route);
  const { car } = fields;
  const { locale, currency } = site.regionSettings;
  const context = {
    site,
    route,
    ...fields,
    price: car ? priceDisplay({ car, subscriptions: site.features.subscriptions, locale, currency }).text : '',
    // The car's make and model with the make said once ('Polestar 2', not 'Polestar Polestar 2').
    makeModel: car ? makeAndModel(car) : '',
    count: route.kind === 'search' ? countInScope({ data, route }) : data.cars.length,
  };
  const image = routeImage(site, fields);
  let title: string;
  let description: string;
  try {
    // The templates' words in the region's spelling (US: service centers, inquiry).
    title = spell({ text: tidy(templates.title(context)), region: site.region });
    description = spell({ text: tidy(templates.description(context)), region: site.region });
  } catch (cause) {
    throw new Error(`meta templates for '${route.kind}' failed on ${route.path}`, { cause });
  }
  return {
    title,
    metaDescription: clip(description || site.meta?.description || '', MAX_DESCRIPTION),
    metaType: templates.type,
    metaImage: image.url,
    ...(image.width && image.height ? { metaImageWidth: image.width, metaImageHeight: image.height } : {}),
    canonical: `${site.baseUrl}${route.canonicalPath ?? route.path}`,
    keywords: routeKeywords(site, fields),
  };
}
