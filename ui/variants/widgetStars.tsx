/**
 * What the review widget shows once its rating arrived (loaded with the answer, not the page):
 * the stars, or nothing below the dealer's minimum; and SPEC §8's log line on failure.
 */
import { ERROR_MESSAGES } from '../../domain/formMessages.ts';
import { showRating } from '../../domain/reviews.ts';
import { Stars } from '../components/Stars.tsx';

/** What the widget endpoint answers (SPEC §7). */
export interface WidgetRating {
  rating?: number | string | null;
  stars?: number | null;
  count?: number | null;
  review_count?: number | null;
  average_star_rating?: number | string | null;
}

/** The rating and count to show, or null when the answer has none. */
export function widgetRating(answer: WidgetRating | null): { rating: number; count: number | null } | null {
  const rating = Number(answer?.average_star_rating ?? answer?.rating ?? answer?.stars ?? NaN);
  if (!Number.isFinite(rating) || rating <= 0) return null;
  const count = answer?.review_count ?? answer?.count ?? null;
  return { rating, count: typeof count === 'number' ? count : null };
}

/** SPEC §8: a failed rating fetch is logged, and nothing is shown. */
export function logRatingFailure(cause: unknown): void {
  console.log(ERROR_MESSAGES.reviewRating, cause);
}

/** The stars for `answer`, or nothing. */
export function WidgetStars({ answer, min }: { answer: WidgetRating; min: number }) {
  const shown = widgetRating(answer);
  if (!shown || !showRating({ rating: shown.rating, min })) return null;
  return (
    <span className="review-widget" data-review-widget="">
      <Stars rating={shown.rating} count={shown.count} className="banner-stars" />
    </span>
  );
}
