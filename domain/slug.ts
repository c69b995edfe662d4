/**
 * URL slugs (SPEC §2 routes: /search/{make}, /contact-us/{location-slug}, /brands/{slug} ...).
 * One implementation so a link built by a page and a route planned by the renderer always agree.
 */

/**
 * Lowercase, accents folded, every run of characters other than a-z and 0-9 turned into one
 * dash, no leading or trailing dash. `slugify('Brisbane Toyota')` is `'brisbane-toyota'`.
 */
export function slugify(text: string): string {
  return (
    String(text ?? '')
      .normalize('NFKD')
      // Combining marks left by NFKD: 'Škoda' -> 'Skoda'.
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}
