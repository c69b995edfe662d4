/**
 * Stock search (SPEC §2 /search/...): the route's heading and the SearchApp island, prerendered
 * with the first page of results (ui/search/firstPage.ts) so shoppers and crawlers see cars
 * before any JavaScript runs. The island hydrates on load over identical markup; the engine
 * itself loads only when the shopper searches (ui/search/loadEngine.ts).
 *
 * Below it, plain links to the stock searches, the make searches and (on a make's search) its
 * model searches: the same makes and models the plan stage builds pages for (domain/stockLinks.ts).
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { Island } from '../Island.tsx';
import { PriceDisclaimer } from './parts/PriceDisclaimer.tsx';
import { SearchApp } from '../search/SearchApp.tsx';
import { searchAppProps } from '../search/searchAppProps.ts';
import { STOCK_SEARCHES, makeSearchPath } from '../../domain/routes/paths.ts';

/** The search page. */
export function SearchPage(pageProps: PageProps<RouteOf<'search'>>) {
  const { heading, make } = pageProps.route.search;
  const { data } = pageProps;
  const models = (make && data.makes.find((m) => m.make === make)?.models) || [];
  return (
    <>
      <h1>{heading}</h1>
      <Island name="SearchApp" component={SearchApp} props={searchAppProps(pageProps)} when="load" />
      <PriceDisclaimer site={pageProps.site} />
      <nav className="search-browse" aria-label="Browse by type, make and model">
        {make && models.length > 0 && (
          <>
            <h2>{make} models</h2>
            <ul className="body-links">
              {models.map((model) => (
                <li key={model}>
                  <a href={makeSearchPath({ make, model })}>{model}</a>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2>Browse by type</h2>
        <ul className="body-links">
          {STOCK_SEARCHES.map(({ path, scope }) => (
            <li key={path}>
              <a href={path}>{scope.heading}</a>
            </li>
          ))}
        </ul>
        {data.makes.length > 0 && (
          <>
            <h2>Browse by make</h2>
            <ul className="body-links">
              {data.makes.map(({ make: name, count }) => (
                <li key={name}>
                  <a href={makeSearchPath({ make: name })}>
                    {name} <span className="search-browse__count">({count})</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
    </>
  );
}
