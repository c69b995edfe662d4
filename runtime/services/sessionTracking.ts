/**
 * The visit's context every lead carries (SPEC §3 lead_attributes): the pages visited and the
 * query parameters of the links that brought the shopper here, kept in sessionStorage so they
 * last for the visit and no longer.
 */
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage, type Warn } from './storage.ts';

/** The visit so far. */
export interface VisitSession {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

/** Most pages kept (oldest dropped); the lead API accepts up to 500. */
export const MAX_VISITED_PAGES = 100;

function clean(value: unknown): VisitSession {
  const raw = (value ?? {}) as Partial<VisitSession>;
  const pages = Array.isArray(raw.visited_pages) ? raw.visited_pages.filter((p): p is string => typeof p === 'string') : [];
  const params: Record<string, string> = {};
  if (raw.linked_query_params && typeof raw.linked_query_params === 'object') {
    for (const [k, v] of Object.entries(raw.linked_query_params)) if (typeof v === 'string') params[k] = v;
  }
  return { visited_pages: pages, linked_query_params: params };
}

/** The visit as stored. */
export function readSession({ storage, warn }: { storage: KeyValueStorage | null; warn: Warn }): VisitSession {
  return clean(readJson({ storage, key: STORAGE_KEYS.session, fallback: {}, warn }));
}

/**
 * Records a page view: its path (and query) is appended unless it repeats the last one (a
 * reload), and each query parameter not seen yet this visit is kept — the first link's
 * parameters (utm_source, gclid ...) win.
 */
export function trackPage({
  storage,
  warn,
  pathname,
  search,
}: {
  storage: KeyValueStorage | null;
  warn: Warn;
  pathname: string;
  search: string;
}): VisitSession {
  const session = readSession({ storage, warn });
  const page = `${pathname}${search}`;
  if (session.visited_pages[session.visited_pages.length - 1] !== page) session.visited_pages.push(page);
  session.visited_pages = session.visited_pages.slice(-MAX_VISITED_PAGES);
  for (const [key, value] of new URLSearchParams(search)) {
    if (!(key in session.linked_query_params)) session.linked_query_params[key] = value;
  }
  writeJson({ storage, key: STORAGE_KEYS.session, value: session, warn });
  return session;
}
