/**
 * A RecordFilter in a URL query (`?kind=lead,valuation&since=...&until=...&dealership=...&q=...&limit=...`):
 * how `forecourt leads` asks a running serve, and how the inbox's filter form submits.
 */
import type { DeliveryKind } from '../../domain/leadDelivery.ts';
import { HttpError } from '../answer.ts';
import { RECORD_KINDS, type RecordFilter } from './recordQuery.ts';

/** The kinds named in `text` (comma-separated); throws naming a kind that does not exist. */
export function parseKinds(text: string): DeliveryKind[] {
  const kinds = text
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = kinds.find((kind) => !RECORD_KINDS.includes(kind as DeliveryKind));
  if (unknown !== undefined) throw new Error(`Unknown kind "${unknown}": use ${RECORD_KINDS.join(', ')}`);
  return kinds as DeliveryKind[];
}

/** The filter of a query (slug comes from elsewhere); 400 for a bad kind or date. */
export function parseRecordQuery({ query, slug }: { query: Record<string, unknown>; slug: string }): RecordFilter {
  const one = (name: string) => {
    const value = query[name];
    const text = Array.isArray(value) ? value[0] : value;
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
  };
  const date = (name: string) => {
    const text = one(name);
    if (text === null) return null;
    const value = new Date(text);
    if (Number.isNaN(value.getTime())) throw new HttpError({ status: 400, message: `${name} must be a date (YYYY-MM-DD or an ISO 8601 time)` });
    return value;
  };
  let kinds: DeliveryKind[] | null;
  try {
    kinds = one('kind') === null ? null : parseKinds(one('kind')!);
  } catch (error) {
    throw new HttpError({ status: 400, message: (error as Error).message });
  }
  const limit = one('limit') === null ? null : Number(one('limit'));
  if (limit !== null && !(Number.isSafeInteger(limit) && limit > 0)) throw new HttpError({ status: 400, message: 'limit must be a positive whole number' });
  return { slug, kinds, since: date('since'), until: date('until'), dealership: one('dealership'), search: one('q'), limit };
}

/** The query string of a filter (without slug). */
export function recordQueryString(filter: Omit<RecordFilter, 'slug'>): string {
  const params = new URLSearchParams();
  if (filter.kinds?.length) params.set('kind', filter.kinds.join(','));
  if (filter.since) params.set('since', filter.since.toISOString());
  if (filter.until) params.set('until', filter.until.toISOString());
  if (filter.dealership) params.set('dealership', filter.dealership);
  if (filter.search) params.set('q', filter.search);
  if (filter.limit) params.set('limit', String(filter.limit));
  return params.toString();
}
