/**
 * A third-party review widget's rating (SPEC §7 GET /api/reviews/{widget}?orgId={orgId}):
 * rating, stars, review count and average. It is fetched after hydration; when the fetch fails
 * the error catalogue says: log 'Unable to fetch Snap 21 ratings at this moment.' and show
 * nothing (SPEC §8). Below the dealer's minimum rating nothing shows either.
 */
import { useEffect, useState } from 'react';
import { ERROR_MESSAGES } from '../../domain/formMessages.ts';
import { showRating } from '../../domain/reviews.ts';
import { Stars } from '../components/Stars.tsx';
import { useIslandServices } from '../islandServices.ts';

/** Props of {@link ReviewWidget}. */
export interface ReviewWidgetProps {
  /** GET URL: '{api root}/reviews/{widget}?orgId={orgId}'. */
  url: string;
  /** rules.min_review_rating. */
  min: number;
}

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

/** The island. */
export function ReviewWidget({ url, min }: ReviewWidgetProps) {
  const { live } = useIslandServices();
  const [shown, setShown] = useState<{ rating: number; count: number | null } | null>(null);
  useEffect(() => {
    if (!live) return;
    fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<WidgetRating>;
      })
      .then((answer) => setShown(widgetRating(answer)))
      .catch((cause: unknown) => console.log(ERROR_MESSAGES.reviewRating, cause));
  }, [live, url]);
  if (!shown || !showRating({ rating: shown.rating, min })) return null;
  return (
    <span className="review-widget" data-review-widget="">
      <Stars rating={shown.rating} count={shown.count} className="banner-stars" />
    </span>
  );
}
