/**
 * FNV-1a (32 bit) of a string's UTF-16 code units: a small, dependency-free hash that gives the
 * same number in Node and every browser (car data shards; the demo vehicle lookup's stand-ins).
 * Not for anything a stranger could choose to collide on purpose.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
