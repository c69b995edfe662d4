/**
 * The static index's shape, shared by the encoder (build time, Node) and the engine (browser):
 * header fields, section names, document order and which fields get a column. Keeping these in
 * one file is what lets the engine's answers equal the brute-force reference.
 */
import type { VehicleSearchDocument } from '../domain/types.ts';
import { RANGE_FIELDS, REFINABLE_FIELDS, type RangeField, type SortKey } from './contract.ts';

/** Format version; bump when the layout changes. */
export const INDEX_VERSION = 2;

/** Where the index file lands in a generated site (cards chunks sit beside it). */
export const STATIC_INDEX_PATH = 'assets/search/index.bin';

/** Cards per chunk: a first page of results needs one or two small fetches, not all cards. */
export const DEFAULT_CARDS_CHUNK = 256;

/**
 * String columns every index carries whatever the facets: the fields a search route's scope
 * names (SPEC §2 search routes) and the status a card shows.
 */
export const ALWAYS_INDEXED: readonly string[] = ['make', 'model', 'car_type', 'simple_body', 'item_type', 'status', 'dealership_slug'];

/** The string columns an index with these facets has; refinements on other fields are ignored. */
export function indexedStringFields(facets: readonly string[]): string[] {
  const wanted = new Set([...ALWAYS_INDEXED, ...facets]);
  return REFINABLE_FIELDS.filter((f) => wanted.has(f));
}

/**
 * Index document order: custom_rank desc, then id asc. It is also the custom_rank:desc sort,
 * and every sort's tie-break, so equal keys come out in the same order in every engine run.
 */
export function compareDocOrder(a: Pick<VehicleSearchDocument, 'custom_rank' | 'id'>, b: Pick<VehicleSearchDocument, 'custom_rank' | 'id'>): number {
  return (b.custom_rank ?? 0) - (a.custom_rank ?? 0) || a.id - b.id;
}

/** The values a document has for a string field: none for null, each item of an array, as strings. */
export function fieldValues(doc: VehicleSearchDocument, field: string): string[] {
  const raw = (doc as unknown as Record<string, unknown>)[field];
  if (raw === null || raw === undefined) return [];
  if (Array.isArray(raw)) return [...new Set(raw.filter((v) => v !== null && v !== undefined).map(String))];
  return [String(raw)];
}

/**
 * Numeric columns that are no range facet: one a scope condition tests (domain/itemTypes.ts
 * scopeConditions: subscription_price > 0), the ones a sort orders by (domain/searchInputs.ts
 * SORT_KEYS: custom_rank, newest listing).
 */
export const CONDITION_FIELDS = ['subscription_price', 'custom_rank', 'created_at_timestamp'] as const;

/** A numeric column of the index: a range field or a condition field. */
export type NumericField = RangeField | (typeof CONDITION_FIELDS)[number];

/** Every numeric column, price first. */
export const NUMERIC_FIELDS: readonly NumericField[] = [...RANGE_FIELDS, ...CONDITION_FIELDS];

/** A numeric field of a document, null when absent or not a finite number. */
export function numericValue(doc: VehicleSearchDocument, field: NumericField): number | null {
  const v = (doc as unknown as Record<string, unknown>)[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** How a numeric column is stored: varint of (v - base + 1) with 0 for null, or raw doubles. */
export interface NumberColumn {
  enc: 'uv' | 'f64';
  base: number;
}

/** The JSON header of the index file. */
export interface IndexHeader {
  v: number;
  /** Documents in the index. */
  n: number;
  /** Content hash of sections and cards (names the cards chunks, so they cache forever). */
  hash: string;
  /** Configured facets (site.search_filters). */
  facets: string[];
  defaultSort: SortKey;
  hitsPerPage: number;
  /** features.price_asc_positive_filter: price > 0 with a price-ascending sort (SPEC §5). */
  priceAscPositive: boolean;
  /** Dictionary of each string column; code 0 is null, code i+1 is values[i]. */
  strings: Record<string, { values: string[]; multi: boolean }>;
  numbers: Record<NumericField, NumberColumn>;
  /** Width in bytes of one entry of the price permutation. */
  permWidth: 2 | 4;
  /** Sorted distinct text tokens. */
  tokens: string[];
  /** Distinct token sets (one per distinct make/model/badge/name combination). */
  textEntries: number;
  cards: { chunkSize: number; files: string[] };
}

/** Section names in the index file. */
export const SECTION = {
  string: (field: string) => `s:${field}`,
  number: (field: NumericField) => `n:${field}`,
  pricePerm: 'perm:price',
  textCodes: 'tc',
  textEntries: 'te',
} as const;

/** A cards chunk: the card fields once, then one row per document. */
export interface CardsChunk {
  fields: string[];
  rows: unknown[][];
}
