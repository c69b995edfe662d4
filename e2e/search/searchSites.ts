/**
 * Which dealers the search browser tests use: the search fixture dealers the global setup
 * generated and serves (e2e/fixtureSet.ts, fixtures/searchui), so every case the tests need is
 * there whatever the sample dealers hold. The SearchApp island's props on each dealer's default
 * search page say which engine answers it and what the first page holds. Read in the workers
 * (after the global setup); while Playwright lists the tests there is nothing yet.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchFixturesOut } from '../fixtureSet.ts';

/** What a test needs to know about one dealer's search page. */
export interface SearchSite {
  slug: string;
  path: string;
  engine: 'static' | 'meilisearch';
  total: number;
  /** facet field -> value -> count on the first page. */
  facets: Record<string, Record<string, number>>;
  hasAutocomplete: boolean;
  /** The dealer's configured default sort (rules.default_sort). */
  defaultSort: string;
}

const PROPS = /<div data-island="SearchApp"[\s\S]*?<script type="application\/json" data-island-props="">([\s\S]*?)<\/script>/;

function unescapeJson(text: string): string {
  return text
    .replace(/\\u003c/g, '<')
    .replace(/\\u003e/g, '>')
    .replace(/\\u0026/g, '&');
}

/** The search page of a built dealer at `path`, or null when it has none. */
export function readSearchSite({ outDir, slug, path }: { outDir: string; slug: string; path: string }): SearchSite | null {
  const file = join(outDir, slug, path, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  const m = PROPS.exec(html);
  if (!m) return null;
  const props = JSON.parse(unescapeJson(m[1])) as {
    engine: { kind: 'static' | 'meilisearch' };
    defaultSort: string;
    initial: { estimatedTotalHits: number; facetDistribution: Record<string, Record<string, number>> };
  };
  return {
    slug,
    path,
    engine: props.engine.kind,
    total: props.initial.estimatedTotalHits,
    facets: props.initial.facetDistribution,
    hasAutocomplete: html.includes('data-island="Autocomplete"'),
    defaultSort: props.defaultSort,
  };
}

/** Every search fixture dealer's all-stock search page. */
export function searchSites(): SearchSite[] {
  const outDir = searchFixturesOut();
  if (!outDir) return [];
  return (
    readdirSync(outDir)
      // Versioned build folders (.<slug>.site-...) sit beside each dealer's live link; only the links are sites.
      .filter((slug) => !slug.startsWith('.') && existsSync(join(outDir, slug, 'index.html')))
      .map((slug) => readSearchSite({ outDir, slug, path: 'search/new-used-and-demo-cars' }))
      .filter((s): s is SearchSite => s !== null)
  );
}

/** A static-engine dealer with enough cars for two pages, a facet with two values and the header's autocomplete. */
export function staticSite(): SearchSite | undefined {
  return searchSites()
    .filter((s) => s.engine === 'static' && s.total > 21 && Object.keys(s.facets.make ?? {}).length > 1 && s.hasAutocomplete)
    .sort((a, b) => a.total - b.total)[0];
}

/** A dealer whose search is answered by Meilisearch. */
export function meiliSite(): SearchSite | undefined {
  return searchSites().find((s) => s.engine === 'meilisearch');
}
