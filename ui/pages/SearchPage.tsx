/**
 * Stock search (SPEC §2 /search/...): the route's heading and the SearchApp island, prerendered
 * with the first page of results (ui/search/firstPage.ts) so shoppers and crawlers see cars
 * before any JavaScript runs. The island hydrates on load over identical markup; the engine
 * itself loads only when the shopper searches (ui/search/loadEngine.ts).
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { Island } from '../Island.tsx';
import { SearchApp } from '../search/SearchApp.tsx';
import { searchAppProps } from '../search/searchAppProps.ts';

/** The search page. */
export function SearchPage(pageProps: PageProps<RouteOf<'search'>>) {
  const { heading } = pageProps.route.search;
  return (
    <>
      <h1>{heading}</h1>
      <Island name="SearchApp" component={SearchApp} props={searchAppProps(pageProps)} when="load" />
    </>
  );
}
