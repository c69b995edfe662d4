/**
 * A third-party review widget's rating (SPEC §7 GET /api/reviews/{widget}?orgId={orgId}):
 * rating, stars, review count and average. Fetched after hydration (effects never run on the server); the code that shows it
 * (./widgetStars.tsx) loads with the answer. When the fetch fails the error catalogue says: log
 * 'Unable to fetch Snap 21 ratings at this moment.' and show nothing (SPEC §8).
 */
import { useEffect, useState, type ReactNode } from 'react';

/** Props of {@link ReviewWidget}. */
export interface ReviewWidgetProps {
  /** GET URL: '{api root}/reviews/{widget}?orgId={orgId}'. */
  url: string;
  /** rules.min_review_rating. */
  min: number;
}

/** The island (renders nothing until the rating arrived). */
export function ReviewWidget({ url, min }: ReviewWidgetProps) {
  const [shown, setShown] = useState<ReactNode>(null);
  useEffect(() => {
    const view = import('./widgetStars.tsx');
    fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json();
      })
      .then(async (answer) => {
        const { WidgetStars } = await view;
        setShown(<WidgetStars answer={answer} min={min} />);
      })
      .catch(async (cause: unknown) => (await view).logRatingFailure(cause));
  }, [url, min]);
  return shown;
}
