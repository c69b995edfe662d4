/**
 * A route of the site (SPEC §2): one URL the `plan` stage decided the dealer has, with the
 * record data its page needs. A union discriminated by `kind`: a page of one kind receives
 * exactly the data of that kind (renderer/routes.ts declares how each kind is planned).
 */
import type { Car, Location, Model, Manufacturer } from '../domain/types.ts';
import type { InfoPage } from '../domain/site.ts';
import type { SearchScope } from '../domain/routes/paths.ts';

export type { SearchScope } from '../domain/routes/paths.ts';

/** The data each route kind carries, by kind (the page of that kind renders it). */
export interface RouteData {
  home: object;
  search: { search: SearchScope };
  models: object;
  model: { model: Model };
  brand: { manufacturer: Manufacturer; search: SearchScope };
  electric: object;
  car: { car: Car };
  reserve: { car: Car };
  'trade-in': object;
  valuations: object;
  compare: object;
  favourites: object;
  finance: object;
  /** /contact, or the configured contact URL (`configured`), on which contact buttons are hidden. */
  contact: { configured?: boolean };
  'contact-location': { location: Location };
  location: { location: Location };
  dealerships: object;
  service: object;
  'service-booking': object;
  info: { page: InfoPage };
  privacy: { page: InfoPage };
  /** The privacy policy again at /pages/privacy-statement (linked by some forms and footers), not indexed. */
  'privacy-statement': { page: InfoPage };
  /** /accessibility: what the site meets, how it is tested and how to report a barrier. */
  accessibility: object;
  /** /{model-slug}: the model page the models dropdown links to. */
  'model-slug': { model: Model };
  success: object;
  'not-found': object;
}

/** Every kind of page the product has. */
export type RouteKind = keyof RouteData;

/** A route of kind `K`: its path, whether it is indexed, and its data. */
export type RouteOf<K extends RouteKind> = {
  /** URL path with leading slash and no trailing slash ('/' for home), as links write it. */
  path: string;
  kind: K;
  /** Whether the page belongs in sitemap.xml (false for success, checkout, 404 ...). */
  indexable: boolean;
  /** The path of the page that carries the same content, when this one is a second address for it (its canonical; not in the sitemap). */
  canonicalPath?: string;
} & RouteData[K];

/** One URL of the site and the data its page renders. */
export type Route = { [K in RouteKind]: RouteOf<K> }[RouteKind];
