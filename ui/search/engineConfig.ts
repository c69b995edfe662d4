/**
 * Which engine answers a dealer's search, as plain JSON for island props: the static index URL,
 * or the Meilisearch connection (search_host/search_key) with that index as its fallback. Browser code reads only the type;
 * the engine modules themselves load on demand (ui/search/loadEngine.ts).
 */
import type { Site } from '../../domain/site.ts';
import type { SortKey } from '../../search/contract.ts';
import { STATIC_INDEX_PATH } from '../../search/indexFormat.ts';
import { meiliConfigFromSite, usesMeilisearch } from '../../search/meiliEngine.ts';

/** The static engine: the index file of this site. */
export interface StaticEngineConfig {
  kind: 'static';
  url: string;
}

/** The Meilisearch backend (SPEC §7): host, public search key and the query settings. */
export interface MeiliEngineProps {
  kind: 'meilisearch';
  host: string;
  apiKey: string;
  indexUid: string;
  facets: string[];
  defaultSort?: SortKey;
  hitsPerPage?: number;
  priceAscPositive?: boolean;
  /** The static index that answers when the service is unreachable or slow. */
  fallbackUrl: string;
}

/** Engine selection as island props. */
export type EngineConfig = StaticEngineConfig | MeiliEngineProps;

/**
 * The engine config of a site: Meilisearch when host and key are set (with the site's static
 * index behind it), else the static index.
 */
export function engineConfigFor({ site }: { site: Site }): EngineConfig {
  const url = `/${STATIC_INDEX_PATH}`;
  if (usesMeilisearch(site)) return { kind: 'meilisearch', ...meiliConfigFromSite({ site }), fallbackUrl: url };
  return { kind: 'static', url };
}
