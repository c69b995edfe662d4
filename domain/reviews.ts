/**
 * Review rating display (SPEC §9 "Stars": at most 4 full stars plus a partial star, one
 * decimal, with a review count; a configurable minimum rating).
 */

/** SPEC §9: at most this many full stars; the fifth is always drawn as a partial. */
export const MAX_FULL_STARS = 4;

function toRating(rating: unknown): number {
  const n = typeof rating === 'number' ? rating : typeof rating === 'string' ? Number.parseFloat(rating) : Number.NaN;
  return Number.isFinite(n) ? Math.min(5, Math.max(0, n)) : 0;
}

/**
 * Stars for a rating (number or a string like '4.8'): `full` whole stars (at most 4), then a
 * `partial` star filled 0..1, and the rating as text with one decimal.
 */
export function starParts({ rating }: { rating: number | string | null | undefined }): { full: number; partial: number; text: string } {
  const r = toRating(rating);
  const full = Math.min(MAX_FULL_STARS, Math.floor(r));
  const partial = Math.round(Math.min(1, r - full) * 100) / 100;
  return { full, partial, text: r.toFixed(1) };
}

/** '4.8 (272 reviews)': the rating to one decimal with the review count. */
export function ratingText({ rating, count }: { rating: number | string | null | undefined; count: number }): string {
  return `${starParts({ rating }).text} (${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/** The rating is shown only when there is one and it reaches the configured minimum. */
export function showRating({ rating, min = 0 }: { rating: number | string | null | undefined; min?: number }): boolean {
  const r = toRating(rating);
  return r > 0 && r >= min;
}
