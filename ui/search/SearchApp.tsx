/**
 * The search page island as the server renders it (ui/pages/SearchPage.tsx): the search view
 * with the first page of car cards. The browser hydrates its twin, SearchAppClient.tsx, which
 * keeps these cards as HTML until the first new answer, so the card code is not first-load JS.
 */
import { IslandCarHits } from './CarHits.tsx';
import { SearchView, type SearchAppProps } from './SearchView.tsx';

export type { FacetSpec, SearchAppProps } from './SearchView.tsx';

/** The search page island (server render). */
export function SearchApp(props: SearchAppProps) {
  return <SearchView {...props} Hits={IslandCarHits} />;
}
