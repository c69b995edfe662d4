/**
 * URL slugs (SPEC §2 routes: /search/{make}, /contact-us/{location-slug}, /brands/{slug} ...).
 * One implementation so a link built by a page and a route planned by the renderer always agree.
 */

// A build slugifies the same few makes, models and body styles for every car of every search
// page (millions of calls for a 5,000-car dealer); normalize() dominates, so answers are kept.
// Bounded, so a long-running process fed endless distinct strings does not grow without limit.
const MAX_CACHED = 5000;
const cache = new Map<string, string>();

/**
 * Lowercase, accents folded, every run of characters other than a-z and 0-9 turned into one
 * dash, no leading or trailing dash. `slugify('Brisbane Toyota')` is `'brisbane-toyota'`.
 */
export function slugify(text: string): string {
  const input = String(text ?? '');
  const known = cache.get(input);
  if (known !== undefined) return known;
  const slug = input
    .normalize('NFKD')
    // Combining marks left by NFKD: 'Škoda' -> 'Skoda'.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(input, slug);
  return slug;
}
