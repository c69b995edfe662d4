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
    const { createMeiliEngine } = await import('../../search/meiliEngine.ts');
    const { kind: _kind, ...meili } = config;
    return createMeiliEngine(meili);
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
