/**
 * The phone reveal's number in the page (SPEC §4 "Phone reveal"): masked until clicked, so the
 * page carries it only encoded (island props), never as text a reader or a scraper could take
 * without the reveal that SPEC §7 counts. The encoding hides, it does not protect.
 */

/** A number as the reveal shows it: the national format, and its tel: URL (the number's identity on the page). */
export interface RevealedPhone {
  shown: string;
  tel: string;
}

/** The number for island props: base64 of its URI-encoded JSON (no digit of the number stays readable). */
export function encodePhone({ shown, tel }: RevealedPhone): string {
  return btoa(encodeURIComponent(JSON.stringify([shown, tel])));
}

/** The number back from {@link encodePhone}; null for anything else. */
export function decodePhone(code: unknown): RevealedPhone | null {
  if (typeof code !== 'string' || code === '') return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(atob(code)));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') return { shown: value[0], tel: value[1] };
  } catch {
    // Not a code this page wrote: no number to show (the island warns as for a car without one).
  }
  return null;
}
