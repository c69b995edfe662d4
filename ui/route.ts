/**
 * A route of the site (SPEC §2): one URL the `plan` stage decided the dealer has, with the
 * record data its page needs. Pages are chosen by `kind`.
 */
import type { Car, Location, Model, Manufacturer, Dealership } from '../domain/types.ts';
import type { InfoPage } from '../domain/site.ts';

/** Every kind of page the product has. */
export type RouteKind =
  | 'home'
  | 'search'
  | 'car'
  | 'reserve'
  | 'trade-in'
  | 'valuations'
  | 'models'
  | 'model'
  | 'brand'
  | 'electric'
  | 'compare'
  | 'favourites'
  | 'finance'
  | 'contact'
  | 'contact-location'
  | 'location'
  | 'dealerships'
  | 'service'
  | 'service-booking'
  | 'info'
  | 'privacy'
  | 'success'
  | 'not-found';

/** What a search route scopes its results to (SPEC §2 search routes). */
export interface SearchScope {
  car_types?: ('new' | 'used' | 'demo')[];
  make?: string;
  model?: string;
  simple_body?: string;
  /** subscription, rental, rv, motorcycle, truck */
  item_type?: string;
  /** Heading shown on the page, e.g. 'New Cars', 'Toyota Corolla', 'SUV'. */
  heading: string;
}

/** One URL of the site and the data its page renders. */
export interface Route {
  /** URL path with leading slash and no trailing slash ('/' for home). */
  path: string;
  kind: RouteKind;
  /** Whether the page belongs in sitemap.xml (false for success, checkout, 404 ...). */
  indexable: boolean;
  car?: Car;
  location?: Location;
  model?: Model;
  manufacturer?: Manufacturer;
  dealership?: Dealership;
  search?: SearchScope;
  page?: InfoPage;
}
