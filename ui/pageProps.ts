/**
 * What every page component receives. `SiteData` is computed once per dealer by the renderer's
 * siteData stage (never once per page, and never cached by a page) so per-page work stays small.
 */
import type { Car, VehicleSearchDocument } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { SearchCard } from '../search/contract.ts';
import type { Route, RouteKind } from './route.ts';
import type { CarFacts } from './pages/parts/carFacts.ts';
import type { ScopeKeys } from './pages/parts/scopeCars.ts';
import type { JsonLd } from './structuredData.ts';
import type { ScopeSpellings } from './search/searchScope.ts';
import type { GalleryProps } from './islands/Gallery.tsx';

/** A visible car with its search document and the search card built from that document. */
export interface SearchEntry {
  car: Car;
  doc: VehicleSearchDocument;
  card: SearchCard;
  /** The slugs search scopes match the car by. */
  keys: ScopeKeys;
}

/** Per-dealer data shared by every page of a build. */
export interface SiteData {
  /** Cars shown on the site (visibility rule of SPEC §4 applied), by custom_rank desc. */
  cars: Car[];
  /** The same cars in feed order (the order pages are planned and documents indexed in). */
  carsInFeedOrder: Car[];
  carsBySlug: Map<string, Car>;
  carsById: Map<number, Car>;
  /** The same cars grouped by make and model (key: domain/stockLinks.ts modelKey), each group in site order. */
  carsOfModel: Map<string, Car[]>;
  /** Distinct makes in stock with counts and their models in stock (domain/stockLinks.ts stockModelsByMake), sorted by name. */
  makes: { make: string; slug: string; count: number; models: string[] }[];
  /** The card of each visible car by id, as car grids show it (gallery image first). */
  cards: Map<number, SearchCard>;
  /** The display facts (price, tag, below market, title) of each visible car by id. */
  facts: Map<number, CarFacts>;
  /** Search documents of the visible cars, in feed order (the static index is built from these). */
  searchEntries: SearchEntry[];
  /** The same entries in the engine's document order (custom_rank desc, then id). */
  searchRanked: SearchEntry[];
  /** searchRanked grouped by scope key `make` (ScopeKeys.make), each group in the engine's order (ui/pages/parts/scopeCars.ts entriesInScope). */
  searchRankedByMake: Map<string | null, SearchEntry[]>;
  /**
   * The time the search island's cards decide the new tag at (domain/carTag.ts tagClock): each
   * visible car gets the tag it has at the build time, and the pages that carry it stay the same
   * between builds until a car's new-tag window closes. ISO.
   */
  tagClock: string;
  /** The distinct spellings in stock of the fields search routes scope (ui/search/searchScope.ts). */
  spellings: ScopeSpellings;
  /** The site-wide JSON-LD objects every page carries. */
  structuredData: JsonLd[];
  /**
   * A car gallery's markup as React rendered it for exactly these props, when the build keeps
   * galleries (renderer/photos/galleryCache.ts; a site with local photos): the car page splices it
   * rather than rendering 20 pictures and thumbnails again. Absent: the page renders the gallery.
   */
  galleryHtml?: (props: GalleryProps) => string;
  /** Content-hashed asset URLs, e.g. { css: '/assets/site-1a2b3c4d.css', runtime: '/assets/runtime-....js' }. */
  assets: { css: string; runtime: string };
}

/** Props of every page component in `ui/pages/`; a page of one kind takes `PageProps<RouteOf<kind>>`. */
export interface PageProps<R extends { kind: RouteKind; path: string; indexable: boolean } = Route> {
  site: Site;
  route: R;
  data: SiteData;
}
