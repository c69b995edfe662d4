/**
 * How a sort key orders cars (domain/searchInputs.ts SORT_KEYS), the way Meilisearch orders
 * them: one definition for the static engine and the prerendered first page. Kept apart from
 * the search inputs so the order code ships only with the lazily loaded engine.
 */
import type { SortKey } from './searchInputs.ts';

/** The numeric search-document field a sort orders by. */
export type SortField = 'price' | 'custom_rank' | 'year' | 'km' | 'created_at_timestamp';

/** A sort key as field and direction ('year:desc' -> year, descending). */
export function sortOrder(key: SortKey): { field: SortField; descending: boolean } {
  const [field, direction] = key.split(':') as [SortField, 'asc' | 'desc'];
  return { field, descending: direction === 'desc' };
}

/**
 * The order of two values of a sort field, as Meilisearch orders them: a document without the
 * value comes last in either direction; equal values compare equal (the caller's tie-break).
 */
export function compareSortValues({ a, b, descending }: { a: number | null; b: number | null; descending: boolean }): number {
  const missingA = a === null || Number.isNaN(a);
  const missingB = b === null || Number.isNaN(b);
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  return a === b ? 0 : (a < b ? -1 : 1) * (descending ? -1 : 1);
}
