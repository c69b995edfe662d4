/**
 * Favourites (SPEC §2 /favourites, or the brand's garage path labelled by paths.favourites_label):
 * the saved cars, looked up in the static search index by the SavedCars island, each with a
 * remove button and a share link. The server HTML is the 'No Saved Cars' state.
 */
import type { PageProps } from '../pageProps.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { Island } from '../Island.tsx';
import { SavedCars } from '../islands/SavedCars.tsx';
import { cardSettings } from './parts/carFacts.ts';

/** The favourites page. */
export function FavouritesPage({ site, route, data }: PageProps) {
  return (
    <>
      <h1>{site.paths.favourites_label || 'Favourites'}</h1>
      <div data-favourites-root="">
        <Island
          name="SavedCars"
          component={SavedCars}
          props={{
            view: 'favourites' as const,
            // The tag clock, not the build time: the saved cards get the tags they have now, and the page stays the same until a window closes.
            settings: { ...cardSettings(site), now: data.tagClock },
            searchPath: safeHref(site.default_search_path) ?? '/',
            path: route.path,
            emptyHint: 'Tap the heart on any car to save it here and come back to it later.',
          }}
        />
      </div>
    </>
  );
}
