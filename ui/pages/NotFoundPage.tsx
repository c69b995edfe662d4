/**
 * 404: says the page is missing and offers the useful ways on: search, home, contact.
 */
import type { PageProps } from '../pageProps.ts';
import { CONTACT_PATH } from '../../domain/routes/paths.ts';

/** The not-found page. */
export function NotFoundPage({ site }: PageProps) {
  return (
    <>
      <h1>Page not found</h1>
      <p className="lead">Sorry, we could not find that page. It may have moved, or the car may have been sold.</p>
      <ul className="not-found-links">
        <li>
          <a href={site.default_search_path}>Search our cars</a>
        </li>
        <li>
          <a href="/">Go to the home page</a>
        </li>
        <li>
          <a href={CONTACT_PATH}>Contact {site.name}</a>
        </li>
      </ul>
    </>
  );
}
