/**
 * Stock search (SPEC §2 /search/...): the route's heading and the first page (21) of the stock in
 * the route's scope as cards. The hydrated search island of a later issue takes over this list.
 */
import type { PageProps } from '../pageProps.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { scopeCars } from './parts/scopeCars.ts';

/** The search page. */
export function SearchPage({ site, route, data }: PageProps) {
  const heading = route.search?.heading ?? 'Search Cars';
  const { cars, total } = scopeCars({ cars: data.cars, scope: route.search });
  return (
    <>
      <h1>{heading}</h1>
      <p className="search-count" role="status">
        {total === 1 ? '1 car found' : `${total} cars found`}
      </p>
      <section aria-label="Search results" data-search-results="">
        {cars.length > 0 ? (
          <CarGrid site={site} cars={cars} headingLevel={2} eagerCount={3} />
        ) : (
          <div className="empty-state">
            <p>There are no cars matching this search right now. New stock arrives every week.</p>
            <ul>
              <li>
                <a href={site.default_search_path}>See all our stock</a>
              </li>
              <li>
                <a href="/contact">Ask us to find the car you want</a>
              </li>
            </ul>
          </div>
        )}
      </section>
    </>
  );
}
