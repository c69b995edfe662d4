/**
 * The `siteData` stage: everything derived from a dealer's site and stock that more than one
 * page (or stage) reads, computed ONCE per dealer so a page's own work stays small and nothing
 * in ui/ or domain/ keeps a cache between builds: the visible cars (filtered once), their cards
 * and display facts, the search documents (built once, for the index and every search page's
 * first page), the makes in stock with their models and the site-wide JSON-LD.
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { SiteData, SearchEntry } from '../ui/pageProps.ts';
import { isShownOnSite } from '../domain/visibility.ts';
import { carTag, tagClock } from '../domain/carTag.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { slugify } from '../domain/slug.ts';
import { modelKey, stockModelsByMake } from '../domain/stockLinks.ts';
import { cardFinance, toSearchCard } from '../search/contract.ts';
import { compareDocOrder } from '../search/indexFormat.ts';
import { searchEntry, type SearchDocuments } from '../search/buildIndex.ts';
import { carFacts, cardSettings, firstImage } from '../ui/pages/parts/carFacts.ts';
import { siteStructuredData } from '../ui/structuredData.ts';
import { deepFreeze } from '../ui/safeJson.ts';
import { scopeKeys } from '../ui/pages/parts/scopeCars.ts';
import { scopeSpellings } from '../ui/search/searchScope.ts';

/**
 * Visible stock (SPEC §4 visibility with the dealer's sold window) in feed order and ordered by
 * custom_rank descending (the default sort key of SPEC §9), with lookups by slug and id, cards,
 * search documents and the makes in stock with counts. `assets` are the content-hashed
 * stylesheet and runtime URLs of this build.
 */
export function buildSiteData({
  site,
  cars,
  assets,
  memo = createCarMemo(),
}: {
  site: Site;
  cars: Car[];
  assets: SiteData['assets'];
  /** The session's per-car memo (renderer/carMemo.ts); a fresh one reuses nothing. */
  memo?: CarMemo;
}): SiteData {
  const now = new Date(site.now);
  if (Number.isNaN(now.getTime())) throw new Error(`site.now is not a date: ${site.now}`);
  const carsInFeedOrder = cars.filter((car) => isShownOnSite({ car, now, soldWindowDays: site.include_sold_cars_days }));
  const ranked = carsInFeedOrder
    // Stable on ties: equal ranks keep feed order, so the same feed renders the same site.
    .map((car, index) => ({ car, index }))
    .sort((a, b) => (b.car.custom_rank ?? 0) - (a.car.custom_rank ?? 0) || a.index - b.index)
    .map(({ car }) => car);

  const counts = new Map<string, number>();
  for (const car of ranked) if (car.make) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  const modelsByMake = stockModelsByMake({ cars: carsInFeedOrder });
  const makes = [...counts]
    .map(([make, count]) => ({ make, slug: slugify(make), count, models: modelsByMake.get(make) ?? [] }))
    .sort((a, b) => a.make.localeCompare(b.make));

  const finance = cardFinance(site);
  const settings = cardSettings(site);
  const electricHybridTag = site.features.electric_hybrid_tag;
  const context = memo.siteContext(site);
  // Each car's search entry, card and facts are made from the car and the site at the build day,
  // but for its tag banner, which the exact time decides: kept between builds under both
  // (renderer/carMemo.ts). Not stored on disk: a new process makes these objects about as fast as
  // it reads them back (v8.deserialize of 5,000 cars' documents, cards and facts: ~150 ms).
  const perCarData = carsInFeedOrder.map((car) =>
    memo.perCar({
      car,
      name: 'siteData',
      context: `${context}|${JSON.stringify(carTag({ car, now, electricHybridTag }))}`,
      make: () => {
        const found = searchEntry({ site, car, now, finance });
        const imageUrl = firstImage(car);
        return {
          entry: { ...found, keys: scopeKeys(car) } satisfies Omit<SearchEntry, 'car'>,
          // The same card when the document's image is the car's first (the usual case): made and stored once.
          card: found.doc.image_url === imageUrl ? found.card : toSearchCard({ car, imageUrl, finance }),
          facts: carFacts({ settings, car }),
        };
      },
    }),
  );
  const searchEntries: SearchEntry[] = perCarData.map((one, index) => ({ car: carsInFeedOrder[index], ...one.entry }));
  const cards = new Map(carsInFeedOrder.map((car, index) => [car.id, perCarData[index].card]));
  const facts = new Map(carsInFeedOrder.map((car, index) => [car.id, perCarData[index].facts]));
  const searchRanked = [...searchEntries].sort((a, b) => compareDocOrder(a.doc, b.doc));

  return {
    cars: ranked,
    carsInFeedOrder,
    carsBySlug: new Map(ranked.map((car) => [car.slug, car])),
    carsById: new Map(ranked.map((car) => [car.id, car])),
    carsOfModel: groupBy({ items: ranked, key: modelKey }),
    makes,
    cards,
    facts,
    searchEntries,
    searchRanked,
    searchRankedByMake: groupBy({ items: searchRanked, key: (entry) => entry.keys.make }),
    spellings: scopeSpellings(ranked),
    tagClock: tagClock({ cars: carsInFeedOrder, now }).toISOString(),
    // A frozen copy (the objects may hold parts of the record): every page writes them, and their JSON is made once (ui/safeJson.ts inlineJsonOnce).
    structuredData: deepFreeze(structuredClone(siteStructuredData({ site, cars: carsInFeedOrder }))),
    assets,
  };
}

/** `items` grouped by `key`, each group in the order given. */
function groupBy<T, K>({ items, key }: { items: readonly T[]; key: (item: T) => K }): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The search documents and cards of the siteData stage, as the index stage takes them. */
export function searchDocumentsOf(data: Pick<SiteData, 'searchEntries'>): SearchDocuments {
  return { docs: data.searchEntries.map((entry) => entry.doc), cards: data.searchEntries.map((entry) => entry.card) };
}
