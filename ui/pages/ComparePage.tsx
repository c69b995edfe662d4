/**
 * Compare (SPEC §2 /compare): the saved cars side by side, rows that differ highlighted, with a
 * share link; filled in the browser by the SavedCars island. The server HTML is the 'No Saved
 * Cars' state.
 */
import type { PageProps } from '../pageProps.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { Island } from '../Island.tsx';
import { SavedCars } from '../islands/SavedCars.tsx';
import { cardSettings } from './parts/carFacts.ts';

/** The compare page. */
export function ComparePage({ site, route, data }: PageProps) {
  return (
    <>
      <h1>Compare Cars</h1>
      <div data-compare-root="">
        <Island
          name="SavedCars"
          component={SavedCars}
          props={{
            view: 'compare' as const,
            // The tag clock, not the build time: the saved cards get the tags they have now, and the page stays the same until a window closes.
            settings: { ...cardSettings(site), now: data.tagClock },
            searchPath: safeHref(site.default_search_path) ?? '/',
            path: route.path,
            emptyHint: 'Save up to 3 cars from the search results to compare them side by side.',
          }}
        />
      </div>
    </>
  );
}
