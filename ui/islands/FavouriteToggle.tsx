/**
 * The favourite toggle on car cards and the car page (SPEC §4 Favourites): adds or removes the
 * car; an add logs event 39 (in the services). aria-pressed tells assistive technology the state.
 */
import { useFavourites, useIslandServices } from '../islandServices.ts';

/** Props of {@link FavouriteToggle}. */
export interface FavouriteToggleProps {
  id: number;
  /** The car's name, for the button's accessible name. */
  name: string;
  /** Show the text next to the heart (car page) or only the heart (cards). */
  withText?: boolean;
}

/** The toggle. */
export function FavouriteToggle({ id, name, withText = false }: FavouriteToggleProps) {
  const services = useIslandServices();
  const saved = useFavourites().some((f) => String(f.id) === String(id));
  const text = saved ? 'Saved' : 'Save';
  return (
    <button
      type="button"
      className={`favourite-toggle${saved ? ' is-saved' : ''}`}
      aria-pressed={saved}
      aria-label={withText ? undefined : `Save ${name} to favourites`}
      data-favourite-id={id}
      onClick={() => services.toggleFavourite({ id })}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 21l-1.5-1.3C5.4 15 2 12 2 8.4A5.4 5.4 0 0 1 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3 5.4 5.4 0 0 1 22 8.4c0 3.6-3.4 6.6-8.5 11.3z" />
      </svg>
      {withText ? <span>{text}</span> : null}
    </button>
  );
}
