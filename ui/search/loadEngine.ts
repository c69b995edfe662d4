/**
 * Loads the search engine on demand in the browser. The engine modules (and the Meilisearch
 * client) are dynamic imports, so they are separate chunks fetched only when a shopper searches;
 * one engine per config is shared by the search page and the header autocomplete.
 */
import type { SearchEngine } from '../../search/contract.ts';
import type { EngineConfig } from './engineConfig.ts';

const engines = new Map<string, Promise<SearchEngine>>();

async function create(config: EngineConfig): Promise<SearchEngine> {
  if (config.kind === 'meilisearch') {
    const [{ createMeiliEngine }, { withFallback }] = await Promise.all([import('../../search/meiliEngine.ts'), import('../../search/fallbackEngine.ts')]);
    const { kind: _kind, fallbackUrl, ...meili } = config;
    // The prerendered first page never asks the service; a later query that the service fails or is slow to answer comes from the static index.
    return withFallback({
      primary: createMeiliEngine(meili),
      loadFallback: () => import('../../search/staticEngine.ts').then(({ fetchStaticEngine }) => fetchStaticEngine({ url: fallbackUrl })),
      onFallback: (error) => console.warn(new Error('search service unavailable; answering from the static index', { cause: error })),
    });
  }
  const { fetchStaticEngine } = await import('../../search/staticEngine.ts');
  return fetchStaticEngine({ url: config.url });
}

/**
 * The engine for `config`, created once. A failed load is forgotten so the next interaction
 * retries; the error keeps its cause for the console.
 */
export function loadEngine(config: EngineConfig): Promise<SearchEngine> {
  const key = JSON.stringify(config);
  let engine = engines.get(key);
  if (!engine) {
    engine = create(config).catch((cause: unknown) => {
      engines.delete(key);
      throw new Error(`the ${config.kind} search engine could not be loaded`, { cause });
    });
    engines.set(key, engine);
  }
  return engine;
}
