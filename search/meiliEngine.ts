/**
 * Meilisearch backend: answers the one search contract with SPEC §7's multi-search request
 * through the official client. Selected when the dealer record sets search_host and search_key.
 */
import { Meilisearch } from 'meilisearch';
import type { Site } from '../domain/site.ts';
import { DEFAULT_HITS_PER_PAGE, type Hit, type SearchEngine, type SearchQuery, type SearchResult } from './contract.ts';
import { buildAutocomplete, buildMultiSearch, hitToCard, parseMultiSearch, type MeiliResult, type MeiliSearchConfig } from './meiliQuery.ts';

/** Connection plus query settings of a Meilisearch-backed site. */
export interface MeiliEngineConfig extends MeiliSearchConfig {
  host: string;
  apiKey: string;
  /** The time the sold window is counted to; the current time by default (tests move it). */
  clock?: () => Date;
}

/** Is this site served by Meilisearch (both search_host and search_key set)? */
export function usesMeilisearch(site: Pick<Site, 'search_host' | 'search_key'>): boolean {
  return Boolean(site.search_host && site.search_key);
}

/** The index a dealer's cars live in: search_index, else the dealer slug. */
export function meiliIndexUid(site: Pick<Site, 'search_index' | 'slug'>): string {
  return site.search_index || site.slug;
}

/** Engine settings from a resolved site (page size 21: the search page is instant search). */
export function meiliConfigFromSite({
  site,
}: {
  site: Pick<Site, 'search_host' | 'search_key' | 'search_index' | 'slug' | 'search_filters' | 'rules' | 'features' | 'include_sold_cars_days'>;
}): MeiliEngineConfig {
  if (!site.search_host || !site.search_key) throw new Error(`dealer ${site.slug} has no search_host/search_key`);
  return {
    host: site.search_host,
    apiKey: site.search_key,
    indexUid: meiliIndexUid(site),
    facets: site.search_filters,
    defaultSort: site.rules.default_sort,
    hitsPerPage: DEFAULT_HITS_PER_PAGE,
    priceAscPositive: site.features.price_asc_positive_filter,
    soldWindowDays: site.include_sold_cars_days,
  };
}

/** The Meilisearch engine. */
export class MeiliEngine implements SearchEngine {
  private readonly client: Meilisearch;

  constructor(private readonly config: MeiliEngineConfig) {
    this.client = new Meilisearch({ host: config.host, apiKey: config.apiKey });
  }

  private now(): Date {
    return this.config.clock?.() ?? new Date();
  }

  /** One multi-search: the page of hits and one disjunctive count query per facet. */
  async search(query: SearchQuery): Promise<SearchResult> {
    const body = buildMultiSearch({ query, config: this.config, now: this.now() });
    let response: { results: MeiliResult[] };
    try {
      response = (await this.client.multiSearch(body as never)) as unknown as { results: MeiliResult[] };
    } catch (error) {
      throw new Error(`search service ${this.config.host}: multi-search on ${this.config.indexUid} failed`, { cause: error });
    }
    return parseMultiSearch({ results: response.results ?? [], query, config: this.config });
  }

  /** Direct index search sorted by custom_rank:desc (SPEC §7); a blank query has no hits. */
  async autocomplete({ query, limit = 6 }: { query: string; limit?: number }): Promise<Hit[]> {
    if (query.trim() === '') return [];
    const { q, ...params } = buildAutocomplete({ query, limit, soldWindowDays: this.config.soldWindowDays, now: this.now() });
    try {
      const response = await this.client.index(this.config.indexUid).search(q, params);
      return (response.hits ?? []).map((h) => hitToCard(h as Record<string, unknown>));
    } catch (error) {
      throw new Error(`search service ${this.config.host}: autocomplete on ${this.config.indexUid} failed`, { cause: error });
    }
  }
}

/** Create the Meilisearch engine. */
export function createMeiliEngine(config: MeiliEngineConfig): MeiliEngine {
  return new MeiliEngine(config);
}
