/**
 * Favourites (SPEC §2 /favourites, or the brand's garage path labelled by paths.favourites_label):
 * server-rendered empty state; the favourites island of a later issue lists the saved cars.
 */
import type { PageProps } from '../pageProps.ts';
import { SavedEmptyState } from './parts/SavedEmptyState.tsx';

/** The favourites page. */
export function FavouritesPage({ site }: PageProps) {
  return (
    <>
      <h1>{site.paths.favourites_label || 'Favourites'}</h1>
      <div data-favourites-root="">
        <SavedEmptyState site={site} hint="Tap the heart on any car to save it here and come back to it later." />
      </div>
    </>
  );
}
