/**
 * resolve stage: dealer record + template + region -> Site.
 *
 * There is exactly one merge, and it is visible in `resolve` below:
 *
 *   templates/<template>.yaml -> templates/regions.yaml[region] -> the record -> schema defaults
 *
 * Later layers win. Mappings merge key by key (a record setting `features.chat` keeps every other
 * feature's value); lists and scalars are replaced whole (a record's `search_filters` is the
 * whole list, not an addition). What no layer sets gets the `default` its schema declares
 * (schema/defaults.ts): templates and regions hold only what differs per template or region.
 * Nothing here branches on a dealer: per-dealer differences are record fields.
 */
import { regionSettings } from '../domain/region.ts';
import { checkRegionTable } from '../domain/regionTable.ts';
import type { DealerRecord, Region, ResolvedRecord, Site } from '../domain/site.ts';
import type { Car, CarRecord, Manufacturer } from '../domain/types.ts';
import { offersValuations, type ValuationMode } from '../domain/tradeIn.ts';
import { withoutValuationLinks } from '../domain/valuationLinks.ts';
import { fillDefaults as schemaDefaults, propertyDefault, type DefaultsFiller } from '../schema/defaults.ts';
import { deepFreeze } from '../ui/safeJson.ts';

/** A partial dealer record used as a defaults layer (a template or region layer). */
export type DefaultsLayer = Record<string, unknown>;

/** The defaults layers read from templates/ (see loadDealer.ts loadTemplates). */
export interface TemplateSet {
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

/** The region a record resolves to: its own, else its template's, else the schema's default. */
export function recordRegion({ record, template }: { record: DealerRecord; template: DefaultsLayer }): Region {
  return (record.region ?? template.region ?? propertyDefault({ name: 'dealerRecord.schema.json', property: 'region' })) as Region;
}

/**
 * The resolved Site of a valid dealer record: every default applied, region settings
 * (domain/region.ts) attached, manufacturers, base URL (no trailing slash; `baseUrl` or the
 * record's `url`) and the build time. Throws when the record names a template that `templates`
 * does not have (validate reports that first, so reaching it is a programming error).
 * `fillDefaults` is the schema's (tests pass one over an edited schema).
 */
export function resolve({
  record,
  templates,
  manufacturers = [],
  now,
  baseUrl,
  fillDefaults = schemaDefaults,
}: {
  record: DealerRecord;
  templates: TemplateSet;
  manufacturers?: Manufacturer[];
  now: Date;
  baseUrl?: string;
  fillDefaults?: DefaultsFiller;
}): Site {
  // A region row missing a key fails every build, naming the region and the key.
  checkRegionTable();
  const template = templates.templates[record.template];
  if (!template) throw new Error(`dealer "${record.slug}": unknown template "${record.template}" (have ${Object.keys(templates.templates).join(', ')})`);
  const region = recordRegion({ record, template });
  const settings = regionSettings(region);
  // The region layer: its phone rule (domain/region.ts) plus templates/regions.yaml's fields.
  const regionLayer = { region, forms: { phone_rule: settings.phone_rule }, ...templates.regions[region] };

  // The one merge, then the schema's defaults for whatever no layer set.
  const merged = mergeLayers({ layers: [template, regionLayer, record] });
  const resolved = fillDefaults<ResolvedRecord>({ name: 'dealerRecord.schema.json', value: linkedRoutesOnly(merged) });

  // Frozen, as deep as it goes: memos keyed by a build's Site (ui/forms/formSite.ts, the per-car
  // memo's site context) hold values made from it, which a change to it would leave stale.
  return deepFreeze({
    ...resolved,
    regionSettings: settings,
    manufacturers,
    baseUrl: (baseUrl ?? record.url).replace(/\/+$/, ''),
    now: now.toISOString(),
  });
}

/** The merged record without links to pages it does not build (`valuation: off` builds no valuation pages). */
function linkedRoutesOnly(merged: Record<string, unknown>): Record<string, unknown> {
  const valuation = (merged.valuation ?? propertyDefault({ name: 'dealerRecord.schema.json', property: 'valuation' })) as ValuationMode;
  return offersValuations({ valuation }) ? merged : withoutValuationLinks(merged);
}

/** Stock-feed rows with the car schema's defaults filled in (the feed's own values win). */
export function resolveCars({ cars, fillDefaults = schemaDefaults }: { cars: readonly CarRecord[]; fillDefaults?: DefaultsFiller }): Car[] {
  return cars.map((car) => fillDefaults<Car>({ name: 'car.schema.json', value: car }));
}
