/**
 * Records keyed by text from a URL or a stock feed ('constructor', '__proto__', 'toString' are
 * ordinary make, model and facet names there). A plain object answers such keys from its
 * prototype, and assigning '__proto__' replaces the prototype instead of storing a value; these
 * helpers keep keys as data.
 */

/** An empty record without a prototype: every key it answers is one it was given. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The record's own value for `key`, never one inherited from Object.prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
