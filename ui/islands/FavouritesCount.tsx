/**
 * The banner's favourites counter (SPEC §4: the count shows a filled icon when above zero).
 * Rendered inside the banner's favourites link; kept in step across tabs by the services.
 */
import { favouriteCounter } from '../../domain/favourites.ts';
import { useFavourites } from '../islandServices.ts';

/** The heart and the count. */
export function FavouritesCount() {
  const { count, filled } = favouriteCounter({ list: useFavourites() });
  return (
    <span className={`favourites-counter${filled ? ' is-filled' : ''}`} data-filled={filled ? 'true' : 'false'}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className="favourites-counter__icon">
        <path d="M12 21l-1.5-1.3C5.4 15 2 12 2 8.4A5.4 5.4 0 0 1 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3 5.4 5.4 0 0 1 22 8.4c0 3.6-3.4 6.6-8.5 11.3z" />
      </svg>
      <span className="favourites-count" data-favourites-count="">
        {String(count)}
      </span>
    </span>
  );
}
