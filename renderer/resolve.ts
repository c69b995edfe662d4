/**
 * resolve stage: dealer record + template defaults + region defaults -> Site.
 *
 * There is exactly one merge, and it is visible in `resolve` below:
 *
 *   templates/base.yaml -> templates/<template>.yaml -> templates/regions.yaml[region] -> the record
 *
 * Later layers win. Mappings merge key by key (a record setting `features.chat` keeps every other
 * feature default); lists and scalars are replaced whole (a record's `search_filters` is the
 * whole list, not an addition). Nothing here branches on a dealer: per-dealer differences are
 * record fields.
 */
import { regionSettings } from '../domain/region.ts';
import type { DealerRecord, Region, Site } from '../domain/site.ts';
import type { Car, Manufacturer } from '../domain/types.ts';

/** A partial dealer record used as a defaults layer (a template, base or region layer). */
export type DefaultsLayer = Record<string, unknown>;

/** The defaults layers read from templates/ (see loadDealer.ts loadTemplates). */
export interface TemplateSet {
  /** templates/base.yaml `defaults`. */
  base: DefaultsLayer;
  /** templates/<name>.yaml `defaults`, by template name. */
  templates: Record<string, DefaultsLayer>;
  /** templates/regions.yaml `regions`: record defaults by region. */
  regions: Record<string, DefaultsLayer>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Deep-merges `layers` left to right: mappings merge key by key, anything else (lists, scalars,
 * null) from a later layer replaces the earlier value; `undefined` never overrides. Inputs are
 * not modified.
 */
export function mergeLayers({ layers }: { layers: readonly unknown[] }): Record<string, unknown> {
  const mergeTwo = (a: unknown, b: unknown): unknown => {
    if (b === undefined) return a;
    if (!isPlainObject(a) || !isPlainObject(b)) return isPlainObject(b) ? mergeTwo({}, b) : Array.isArray(b) ? [...b] : b;
    const out: Record<string, unknown> = { ...a };
    for (const [key, value] of Object.entries(b)) out[key] = mergeTwo(a[key], value);
    return out;
  };
  return layers.reduce<Record<string, unknown>>((acc, layer) => mergeTwo(acc, layer) as Record<string, unknown>, {});
}

/** The region a record resolves to: its own, else its template's, else the base default. */
export function recordRegion({ record, templates }: { record: DealerRecord; templates: TemplateSet }): Region {
  const template = templates.templates[record.template] ?? {};
  return (record.region ?? template.region ?? templates.base.region ?? 'AU') as Region;
}

/**
 * The resolved Site of a valid dealer record: every default applied, region settings
 * (domain/region.ts) attached, manufacturers, base URL (no trailing slash; `baseUrl` or the
 * record's `url`) and the build time. Throws when the record names a template that `templates`
 * does not have (validate reports that first, so reaching it is a programming error).
 */
export function resolve({
  record,
  templates,
  manufacturers = [],
  now,
  baseUrl,
}: {
  record: DealerRecord;
  templates: TemplateSet;
  manufacturers?: Manufacturer[];
  now: Date;
  baseUrl?: string;
}): Site {
  const template = templates.templates[record.template];
  if (!template) throw new Error(`dealer "${record.slug}": unknown template "${record.template}" (have ${Object.keys(templates.templates).join(', ')})`);
  const region = recordRegion({ record, templates });
  const settings = regionSettings(region);
  // The region layer: its phone rule (domain/region.ts) plus templates/regions.yaml's fields.
  const regionDefaults = { forms: { phone_rule: settings.phone_rule }, ...templates.regions[region] };

  // The one merge.
  const merged = mergeLayers({ layers: [templates.base, template, regionDefaults, record] });

  return {
    ...(merged as unknown as Site),
    region,
    regionSettings: settings,
    search_filters: (merged.search_filters as string[] | undefined) ?? [],
    models: (merged.models as Site['models'] | undefined) ?? [],
    pages: (merged.pages as Site['pages'] | undefined) ?? [],
    special_hours: (merged.special_hours as Site['special_hours'] | undefined) ?? [],
    manufacturers,
    baseUrl: (baseUrl ?? record.url).replace(/\/+$/, ''),
    now: now.toISOString(),
  };
}

/** Added car fields and their defaults (documented in schema/car.schema.json). */
export const CAR_DEFAULTS = {
  show_on_dealer_website: true,
  custom_rank: 0,
  features: [] as string[],
  sold_date: null,
  simple_drive: null,
} as const;

/** Cars with the added fields' defaults filled in (the feed's own values win). */
export function resolveCars({ cars }: { cars: readonly Car[] }): Car[] {
  return cars.map((car) => ({ ...CAR_DEFAULTS, features: [], ...car }));
}
