/**
 * The search page island's body: text query, facets with disjunctive counts, price
 * slider, sort, pages of results, empty and loading states, URL state with back/forward.
 *
 * The list of car cards is a slot (`Hits`): the server fills it with the cards (SearchApp.tsx);
 * the browser keeps the server's cards as HTML and loads the card code only for the first new
 * answer (SearchAppClient.tsx), so the filters hydrate without it.
 *
 * Its first client render is the server's HTML (same props: the prerendered first page), so
 * hydration moves nothing. The engine loads on demand (first interaction, idle, or a URL that
 * already carries a search) and answers locally; results are cached per filter set.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { ResultsCache } from '../../domain/searchInputs.ts';
import type { SearchResult, SortKey } from '../../search/contract.ts';
import { decode, type SearchState } from '../../search/urlCodec.ts';
import type { CardSettings } from '../pages/parts/carFacts.ts';
import type { EngineConfig } from './engineConfig.ts';
import { FacetList } from './FacetList.tsx';
import { rangeValue, resultCount, type SortOption } from './labels.ts';
import { loadEngine } from './loadEngine.ts';
import { Pagination } from './Pagination.tsx';
import { PriceSlider } from './PriceSlider.tsx';
import { RangeFacet } from './RangeFacet.tsx';
import type { EngineScope } from './searchScope.ts';
import { EMPTY_STATE, engineQuery, hasSelection, setRange, sliderThumbs, stateUrl, thumbsToRange, toggleRefinement, type QueryContext } from './searchState.ts';
import { CONTACT_PATH } from '../../domain/routes/paths.ts';
import { Dialog, DialogOpener } from '../components/Dialog.tsx';
import type { SelectedFiltersProps } from './SelectedFilters.tsx';

/** A facet the page shows: a value list, or a from/to range (year, km). Price is the slider. */
export interface FacetSpec {
  field: string;
  label: string;
  kind: 'list' | 'range';
  /** The distance unit a km range is shown and typed in (the region's; the index holds km). */
  unit?: 'kilometer' | 'mile';
}

/** Props of {@link SearchApp} (JSON: the island's inline props). */
export interface SearchAppProps {
  /** The route path the URL state is written onto. */
  path: string;
  scope: EngineScope;
  engine: EngineConfig;
  facets: FacetSpec[];
  /** Display names of facet values, per field (car types, dealership names). */
  valueLabels: Record<string, Record<string, string>>;
  defaultSort: SortKey;
  /** The sort select's options (ui/search/labels.ts sortOptions, in the region's words). */
  sortOptions: SortOption[];
  hitsPerPage: number;
  /** site.rules.search_cache_max */
  cacheMax: number;
  settings: CardSettings;
  /** The prerendered first page (no selection, default sort). */
  initial: SearchResult;
  /** Where the empty state sends shoppers. */
  allStockPath: string;
  idPrefix: string;
}

/** Props of a {@link SearchViewProps.Hits} list. */
export interface HitsProps {
  /** The answer shown; it has at least one hit. */
  result: SearchResult;
  settings: CardSettings;
  /** The list's element id (the browser finds the server's list by it). */
  id: string;
  /** True while `result` is the prerendered first page (props.initial). */
  prerendered: boolean;
}

/** The search island's props and how it draws the list of hits. */
export interface SearchViewProps extends SearchAppProps {
  /** Draws the non-empty list of hits: `<ul id={id} className="car-grid">` of car cards. */
  Hits: ComponentType<HitsProps>;
  /** Loads what `Hits` needs to draw a new answer; awaited with the engine's answer, started on first interaction. */
  loadHits?: () => Promise<unknown>;
}

type Status = 'idle' | 'loading' | 'error';

type ChipsView = ComponentType<SelectedFiltersProps>;
let chipsLoading: Promise<ChipsView> | null = null;
/** The chips' code (SelectedFilters.tsx), loaded once a filter is chosen or the shopper reaches for one. */
function loadChips(): Promise<ChipsView> {
  chipsLoading ??= import('./SelectedFilters.tsx').then(
    (module) => module.SelectedFilters,
    (cause: unknown) => {
      chipsLoading = null;
      throw new Error('The selected filters could not load their code', { cause });
    },
  );
  return chipsLoading;
}
/** How a state change is written to history: a new entry, merged into the last one, or not at all. */
type HistoryMode = 'push' | 'merge' | 'none';

/** Facet and range changes within this long of each other make one history entry. */
const MERGE_MS = 800;

function sameState(a: SearchState, b: SearchState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The search page island, drawing its hits with `Hits`. */
export function SearchView(props: SearchViewProps) {
  const {
    path,
    scope,
    engine,
    facets,
    valueLabels,
    defaultSort,
    sortOptions,
    hitsPerPage,
    cacheMax,
    settings,
    initial,
    allStockPath,
    idPrefix,
    Hits,
    loadHits,
  } = props;
  const context: QueryContext = useMemo(
    () => ({ scope, defaultSort, hitsPerPage, facets: [...facets.map((f) => f.field), 'price'] }),
    [scope, defaultSort, hitsPerPage, facets],
  );
  const [state, setState] = useState<SearchState>(EMPTY_STATE);
  const [result, setResult] = useState<SearchResult>(initial);
  const [status, setStatus] = useState<Status>('idle');
  const [queryText, setQueryText] = useState('');
  const cache = useRef<ResultsCache<SearchResult> | null>(null);
  const sequence = useRef(0);
  const lastWrite = useRef<{ at: number; key: string } | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [Chips, setChips] = useState<ChipsView | null>(null);

  const getCache = () => {
    if (!cache.current) {
      cache.current = new ResultsCache<SearchResult>({ max: cacheMax });
      // The prerendered page is the answer for the empty state: no engine needed to go back to it.
      cache.current.set(engineQuery({ state: EMPTY_STATE, context }), initial);
    }
    return cache.current;
  };

  const prefetchEngine = useCallback(() => {
    loadEngine(engine).catch((error: unknown) => console.error(error));
  }, [engine]);
  // A shopper reaching for the filters: the engine and the card code, so the answer shows at once.
  const prefetch = useCallback(() => {
    prefetchEngine();
    loadChips().catch((error: unknown) => console.error(error));
    loadHits?.().catch((error: unknown) => console.error(error));
  }, [prefetchEngine, loadHits]);

  const run = useCallback(
    async (next: SearchState) => {
      const query = engineQuery({ state: next, context });
      const id = ++sequence.current;
      const cached = getCache().get(query);
      if (cached) {
        setResult(cached);
        setStatus('idle');
        return;
      }
      setStatus('loading');
      try {
        const [answer] = await Promise.all([loadEngine(engine).then((loaded) => loaded.search(query)), loadHits?.()]);
        getCache().set(query, answer);
        if (id !== sequence.current) return;
        setResult(answer);
        setStatus('idle');
      } catch (error) {
        if (id !== sequence.current) return;
        console.error(new Error('search failed', { cause: error }));
        setStatus('error');
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cache lives for the page
    [engine, context, loadHits],
  );

  const apply = useCallback(
    (next: SearchState, mode: HistoryMode, mergeKey = '') => {
      setState(next);
      setQueryText(next.query);
      if (mode !== 'none') {
        const url = stateUrl({ state: next, path, context });
        const now = Date.now();
        const merge = mode === 'merge' && lastWrite.current && lastWrite.current.key === mergeKey && now - lastWrite.current.at < MERGE_MS;
        if (merge) window.history.replaceState({ forecourtSearch: next }, '', url);
        else window.history.pushState({ forecourtSearch: next }, '', url);
        lastWrite.current = mode === 'merge' ? { at: now, key: mergeKey } : null;
      }
      void run(next);
    },
    [path, context, run],
  );

  // After hydration: a shared URL's state is searched at once; back and forward restore state.
  useEffect(() => {
    const fromUrl = () => decode(window.location.search);
    const initialState = fromUrl();
    if (!sameState(initialState, EMPTY_STATE)) apply(initialState, 'none');
    const onPop = () => apply(fromUrl(), 'none');
    window.addEventListener('popstate', onPop);
    // Idle prefetch: the engine is ready by the time most shoppers reach for a filter.
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    const handle = idle ? idle(prefetchEngine, { timeout: 4000 }) : setTimeout(prefetchEngine, 2000);
    return () => {
      window.removeEventListener('popstate', onPop);
      const cancel = (globalThis as { cancelIdleCallback?: (h: number) => void }).cancelIdleCallback;
      if (idle && cancel) cancel(handle as number);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const go = (page: number) => {
    apply({ ...state, page }, 'push');
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const onQueryChange = (text: string) => {
    setQueryText(text);
    if (typing.current) clearTimeout(typing.current);
    typing.current = setTimeout(() => apply({ ...state, query: text, page: 1 }, 'merge', 'query'), 250);
  };

  const thumbs = sliderThumbs(state.ranges.price);
  const total = result.estimatedTotalHits;
  const busy = status === 'loading';
  const countText = status === 'error' ? 'Search is unavailable right now. Please try again.' : resultCount(total);
  const selection = hasSelection(state);
  useEffect(() => {
    if (selection && !Chips)
      loadChips().then(
        (view) => setChips(() => view),
        (error: unknown) => console.error(error),
      );
  }, [selection, Chips]);
  // Phones: the filters open in a dialog from a button over the results; from lg (SPEC §9, 992
  // px) the same dialog element is laid out as the sidebar (ui/styles/search.css).
  const filtersId = `${idPrefix}-filters`;
  // Every filter goes; the keyword and the sort stay.
  const clearFilters = () => apply({ ...state, refinements: {}, ranges: {}, page: 1 }, 'push');

  return (
    <div className="search-app" onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch}>
      <form
        className="search-toolbar"
        action={path}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          if (typing.current) clearTimeout(typing.current);
          apply({ ...state, query: queryText, page: 1 }, 'push');
        }}
      >
        <div className="search-toolbar__query">
          <label htmlFor={`${idPrefix}-query`}>Keyword</label>
          <input
            id={`${idPrefix}-query`}
            type="search"
            name="query"
            value={queryText}
            autoComplete="off"
            onChange={(e) => onQueryChange(e.currentTarget.value)}
          />
        </div>
        <div className="search-toolbar__sort">
          <label htmlFor={`${idPrefix}-sort`}>Sort by</label>
          <select
            id={`${idPrefix}-sort`}
            name="sortBy"
            value={state.sortBy ?? defaultSort}
            onChange={(e) => apply({ ...state, sortBy: e.currentTarget.value as SortKey, page: 1 }, 'push')}
          >
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {/* Enter submits with JavaScript; without it, this sends the keyword and sort to the server. */}
        <button type="submit" className="btn btn-primary search-toolbar__submit">
          Search
        </button>
      </form>

      <div className="search-layout">
        <Dialog
          id={filtersId}
          title="Filters"
          className="search-filters-dialog"
          footer={
            <>
              <p className="search-filters-dialog__count" aria-live="polite">
                {countText}
              </p>
              <button type="button" className="btn btn-outline" onClick={clearFilters}>
                Clear
              </button>
              <button type="button" className="btn btn-primary" commandfor={filtersId} command="close">
                Apply
              </button>
            </>
          }
        >
          <aside className="search-filters" aria-label="Filters">
            <PriceSlider
              idPrefix={`${idPrefix}-price`}
              lower={thumbs.lower}
              upper={thumbs.upper}
              locale={settings.locale}
              currency={settings.currency}
              stats={result.facetStats.price}
              onChange={(t) => apply(setRange({ state, field: 'price', range: thumbsToRange(t) }), 'merge', 'price')}
            />
            {facets.map((facet) =>
              facet.kind === 'range' ? (
                <RangeFacet
                  key={facet.field}
                  idPrefix={idPrefix}
                  field={facet.field}
                  label={facet.label}
                  unit={facet.unit}
                  locale={settings.locale}
                  currency={settings.currency}
                  range={state.ranges[facet.field as 'year' | 'km']}
                  stats={result.facetStats[facet.field]}
                  onCommit={(range) => apply(setRange({ state, field: facet.field as 'year' | 'km', range }), 'push')}
                />
              ) : (
                <FacetList
                  key={facet.field}
                  idPrefix={idPrefix}
                  field={facet.field}
                  label={facet.label}
                  counts={result.facetDistribution[facet.field] ?? {}}
                  selected={state.refinements[facet.field] ?? []}
                  valueLabels={valueLabels[facet.field]}
                  onToggle={(value) => apply(toggleRefinement({ state, field: facet.field, value }), 'push')}
                />
              ),
            )}
          </aside>
        </Dialog>

        <section
          ref={resultsRef}
          className={busy ? 'search-results is-loading' : 'search-results'}
          aria-label="Search results"
          aria-busy={busy}
          data-search-results=""
        >
          <div className="search-summary">
            <DialogOpener dialogId={filtersId} className="btn btn-outline search-filters-open">
              Filters
            </DialogOpener>
            <p className="search-count" role="status">
              {countText}
              {busy ? <span className="visually-hidden"> Loading…</span> : null}
            </p>
          </div>
          {Chips && selection ? (
            <Chips
              state={state}
              facets={facets}
              valueLabels={valueLabels}
              rules={{
                valueText: (field, value) => rangeValue({ field, value, locale: settings.locale, currency: settings.currency, unit: settings.distanceUnit }),
                withoutRange: (from, field) => setRange({ state: from, field, range: {} }),
                withoutValue: (from, field, value) => toggleRefinement({ state: from, field, value }),
              }}
              onRemove={(next) => apply(next, 'push')}
              onClear={clearFilters}
            />
          ) : null}
          {result.hits.length > 0 ? (
            <Hits result={result} settings={settings} id={`${idPrefix}-hits`} prerendered={result === initial} />
          ) : (
            <div className="empty-state">
              <p>There are no cars matching this search right now. New stock arrives every week.</p>
              <ul>
                {selection ? (
                  <li>
                    <button type="button" className="link-button" onClick={() => apply(EMPTY_STATE, 'push')}>
                      Clear all filters
                    </button>
                  </li>
                ) : null}
                <li>
                  <a href={allStockPath}>See all our stock</a>
                </li>
                <li>
                  <a href={CONTACT_PATH}>Ask us to find the car you want</a>
                </li>
              </ul>
            </div>
          )}
          <Pagination page={result.page} pages={result.pages} hrefFor={(page) => stateUrl({ state: { ...state, page }, path, context })} onGo={go} />
          {busy ? <div className="search-results__spinner" aria-hidden="true" /> : null}
        </section>
      </div>
    </div>
  );
}
