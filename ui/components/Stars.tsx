/**
 * Star rating (SPEC §9): at most 4 full stars plus a partial star, the rating to one decimal and
 * the review count. The star arithmetic is domain/reviews.ts starParts — never redone here.
 */
import { ratingText, starParts } from '../../domain/reviews.ts';
import { Icon } from './Icon.tsx';

/** Props of {@link Stars}. */
export interface StarsProps {
  rating: number;
  count?: number | null;
  className?: string;
}

/** Visual stars with a text equivalent for screen readers. */
export function Stars({ rating, count, className }: StarsProps) {
  const { full, partial, text } = starParts({ rating });
  const hasCount = count != null && count > 0;
  const label = `Rated ${text} out of 5${hasCount ? ` from ${count} reviews` : ''}`;
  return (
    <span className={className ? `stars ${className}` : 'stars'} role="img" aria-label={label}>
      <span className="stars-icons" aria-hidden="true">
        {Array.from({ length: full }, (_, i) => (
          <Icon key={i} name="star" size={16} className="star-full" />
        ))}
        {partial > 0 ? (
          <span className="star-partial" style={{ width: `${Math.round(partial * 16)}px` }}>
            <Icon name="star" size={16} className="star-full" />
          </span>
        ) : null}
      </span>
      <span className="stars-text" aria-hidden="true">
        {hasCount ? ratingText({ rating, count }) : text}
      </span>
    </span>
  );
}
