/**
 * The `index` stage of generate: a dealer's visible stock -> the static search index files.
 * Also the one place that turns cars into search documents for Meilisearch (`forecourt index`),
 * so both engines see the same documents with the same visibility rule.
 */
import type { Site } from '../domain/site.ts';
import type { Car, VehicleSearchDocument } from '../domain/types.ts';
import { toSearchDocument } from '../domain/searchDocument.ts';
import { isShownOnSite } from '../domain/visibility.ts';
import { cardFinance, DEFAULT_HITS_PER_PAGE, toSearchCard, type SearchCard } from './contract.ts';
import { encodeIndex } from './encodeIndex.ts';
import { STATIC_INDEX_PATH } from './indexFormat.ts';

/** A file of the generated site (same shape as the renderer's Asset). */
export interface SearchAsset {
  path: string;
  contents: string | Uint8Array;
}

/** The site fields the search index reads. */
export type IndexSite = Pick<
  Site,
  'name' | 'now' | 'include_sold_cars_days' | 'search_filters' | 'rules' | 'features' | 'search_host' | 'search_key' | 'config'
>;

/**
 * One car's search document and the card its hit shows: the one place they are made, for the
 * static index, Meilisearch (`forecourt index`) and the site's search pages (renderer/siteData.ts
 * keeps one entry per car for the build). `finance` is cardFinance of the site.
 */
export function searchEntry({
  site,
  car,
  now,
  finance,
}: {
  /** `advertising` gives the new tag's label (the record's; a site object without it gets carTag's default). */
  site: Pick<IndexSite, 'name' | 'features'> & { advertising?: Pick<Site['advertising'], 'new_listing_label'> };
  car: Car;
  now: Date;
  finance: ReturnType<typeof cardFinance>;
}): { doc: VehicleSearchDocument; card: SearchCard } {
  const doc = toSearchDocument({
    car,
    dealershipName: site.name,
    now,
    electricHybridTag: site.features.electric_hybrid_tag,
    newListingLabel: site.advertising?.new_listing_label,
  });
  return { doc, card: toSearchCard({ car, imageUrl: doc.image_url, finance }) };
}

/**
 * Search documents and cards of the cars the site shows (SPEC §4: show_on_dealer_website and
 * the sold window from site.now and site.include_sold_cars_days), in stock order.
 */
export function searchDocuments({ site, cars }: { site: IndexSite; cars: Car[] }): SearchDocuments {
  const now = new Date(site.now);
  if (Number.isNaN(now.getTime())) throw new Error(`site.now is not a date: ${site.now}`);
  const docs: VehicleSearchDocument[] = [];
  const cards: SearchCard[] = [];
  const finance = cardFinance(site);
  for (const car of cars) {
    if (!isShownOnSite({ car, now, soldWindowDays: site.include_sold_cars_days })) continue;
    const { doc, card } = searchEntry({ site, car, now, finance });
    docs.push(doc);
    cards.push(card);
  }
  return { docs, cards };
}

/** Search documents and their cards, in stock order (searchDocuments' result). */
export interface SearchDocuments {
  docs: VehicleSearchDocument[];
  cards: SearchCard[];
}

/**
 * The static index of one dealer: `assets/search/index.bin` plus content-named card chunks
 * beside it. Built for a dealer served by Meilisearch too: it answers when the service is
 * unreachable or slow (search/fallbackEngine.ts). `documents` are the documents when already
 * built (generate's siteData stage builds them once); else they are built from `cars`.
 */
export function buildStaticIndex({ site, cars = [], documents }: { site: IndexSite; cars?: Car[]; documents?: SearchDocuments }): SearchAsset[] {
  const { docs, cards } = documents ?? searchDocuments({ site, cars });
  const encoded = encodeIndex({
    docs,
    cards,
    facets: site.search_filters,
    defaultSort: site.rules.default_sort,
    hitsPerPage: DEFAULT_HITS_PER_PAGE,
    priceAscPositive: site.features.price_asc_positive_filter,
  });
  const dir = STATIC_INDEX_PATH.slice(0, STATIC_INDEX_PATH.lastIndexOf('/') + 1);
  return [{ path: STATIC_INDEX_PATH, contents: encoded.index }, ...encoded.chunks.map((c) => ({ path: dir + c.file, contents: c.json }))];
}

/** Documents for Meilisearch: each search document with its card fields, so hits render as cards. */
export function meiliDocuments({ site, cars }: { site: IndexSite; cars: Car[] }): (VehicleSearchDocument & SearchCard)[] {
  const { docs, cards } = searchDocuments({ site, cars });
  return docs.map((doc, i) => ({ ...doc, ...cards[i] }));
}
