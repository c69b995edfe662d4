/**
 * A search service with a fallback: every query goes to the primary engine (Meilisearch) and,
 * when it fails or has not answered within `timeoutMs`, to the static engine built from the
 * same stock at generate time. Both speak the one query contract and return the one result
 * shape, so the page cannot tell which answered. After a failure the primary is left alone for
 * `retryAfterMs`, so a shopper does not wait out the timeout on every click while the service
 * is down.
 *
 * Browser code: no Node APIs.
 */
import type { Hit, SearchEngine, SearchQuery, SearchResult } from './contract.ts';

/** How long a search service may take before the static index answers instead. */
export const SEARCH_SERVICE_TIMEOUT_MS = 2500;

/** How long the service is left alone after it failed or timed out. */
export const SEARCH_SERVICE_RETRY_MS = 60_000;

/** Settles with `promise`, or rejects once `ms` have passed. */
function within<T>({ promise, ms }: { promise: Promise<T>; ms: number }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The primary engine with the static engine behind it. */
export class FallbackEngine implements SearchEngine {
  private fallbackEngine: Promise<SearchEngine> | null = null;
  private downUntil = -Infinity;

  constructor(
    private readonly options: {
      primary: SearchEngine;
      /** Loads the fallback engine (the static index); called once, on the first failure. */
      loadFallback: () => Promise<SearchEngine>;
      timeoutMs?: number;
      retryAfterMs?: number;
      /** Milliseconds now; tests move it. */
      now?: () => number;
      /** Told why the primary was passed over (the console in the browser). */
      onFallback?: (error: Error) => void;
    },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private fallback(): Promise<SearchEngine> {
    if (!this.fallbackEngine) {
      this.fallbackEngine = this.options.loadFallback().catch((error: unknown) => {
        this.fallbackEngine = null;
        throw error;
      });
    }
    return this.fallbackEngine;
  }

  /** The primary's answer in time, else the fallback's; both failing is an AggregateError of both. */
  private async answer<T>(ask: (engine: SearchEngine) => Promise<T>): Promise<T> {
    if (this.now() < this.downUntil) return ask(await this.fallback());
    try {
      return await within({ promise: ask(this.options.primary), ms: this.options.timeoutMs ?? SEARCH_SERVICE_TIMEOUT_MS });
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      this.downUntil = this.now() + (this.options.retryAfterMs ?? SEARCH_SERVICE_RETRY_MS);
      this.options.onFallback?.(cause);
      try {
        return await ask(await this.fallback());
      } catch (fallbackError) {
        throw new AggregateError([cause, fallbackError], 'the search service and the static search index both failed', { cause: fallbackError });
      }
    }
  }

  /** Answer a query (SearchEngine). */
  search(query: SearchQuery): Promise<SearchResult> {
    return this.answer((engine) => engine.search(query));
  }

  /** Autocomplete hits (SearchEngine). */
  autocomplete(args: { query: string; limit?: number }): Promise<Hit[]> {
    return this.answer((engine) => engine.autocomplete(args));
  }
}

/** Wrap `primary` so the static engine answers when it fails or is slow. */
export function withFallback(options: ConstructorParameters<typeof FallbackEngine>[0]): FallbackEngine {
  return new FallbackEngine(options);
}
