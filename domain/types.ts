/**
 * Entity types of SPEC §3, with the spec's field names as written.
 *
 * The record's shapes are generated from the JSON Schemas in `schema/` (npm run schema:types):
 * these names are the resolved view (`schema/resolved.generated.ts`), what the rules in
 * `domain/`, the pages in `ui/` and the lead server read after `resolve` filled every schema
 * `default`. `CarRecord` is a stock-feed row as written. Only the shapes no schema describes
 * (manufacturers, leads, search documents) are written here by hand.
 */
import type * as Resolved from '../schema/resolved.generated.ts';
import type * as Written from '../schema/record.generated.ts';
import type { ResponsiveImage } from './responsiveImage.ts';

/**
 * A car of a dealer's stock (SPEC §3 Car), every added field filled with its schema default.
 * `photos` is not a feed field: generate's photos stage sets it (renderer/photos/buildPhotos.ts),
 * its photos as responsive images in gallery order.
 */
export type Car = Resolved.Car & { photos?: ResponsiveImage[] };

/** A stock-feed row as written (added fields optional). */
export type CarRecord = Written.Car;

/** 'new' | 'used' | 'demo' (SPEC §3 Car.car_type). */
export type CarType = Car['car_type'];

/** in_stock and coming_soon count as available (SPEC §4). */
export type CarStatus = Car['status'];

/** One finance lender quote on a car, keyed by provider in `finance_lenders`. */
export type FinanceLenderQuote = NonNullable<Car['finance_lenders']>[string];

/** SPEC §3 payment processor entry on a car. */
export type PaymentProcessor = NonNullable<Car['payment_processors']>[number];

/** SPEC §3 Opening hour entry. weekday 0 = Sunday ... 6 = Saturday. */
export type OpeningHour = Resolved.OpeningHour;

/** SPEC §3 Special hours entry. */
export type SpecialHours = Resolved.SpecialHours;

/** SPEC §3 Location address. */
export type Address = Resolved.Address;

/** SPEC §3 Location. */
export type Location = Resolved.Location;

/** A staff contact shown in footers ("Contact staff with department and phone"). Added. */
export type StaffContact = Location['staff'][number];

/** SPEC §3 Manufacturer. */
export interface Manufacturer {
  id: number;
  name: string;
  slug: string;
  logo?: { url: string | null } | null;
}

/** SPEC §3 Model. */
export type Model = Resolved.Model;

/** SPEC §3 Navigation item. */
export type NavigationItem = Resolved.NavigationItem;

/** One website of the dealer's group (SPEC §1 dealership_websites). */
export type DealershipWebsite = Resolved.DealershipWebsite;

/** One dealership of a group (SPEC §1 dealerships, SPEC §3 Site config dealerships). */
export type Dealership = Resolved.Dealership;

/** SPEC §3 Vehicle search document. */
export interface VehicleSearchDocument {
  id: number;
  slug: string;
  status: CarStatus;
  badge: string | null;
  car_type: CarType;
  categories: string[];
  city: string | null;
  colour: string | null;
  dealership_name: string;
  dealership_slug: string;
  filtered_features: string[];
  item_type: string;
  km: number | null;
  location_name: string | null;
  make: string;
  make_model: string;
  model: string;
  price: number;
  price_range: string;
  subscription_price: number | null;
  weekly_price_range: string | null;
  seats: number | null;
  simple_body: string | null;
  simple_drive: string | null;
  simple_fuel: string | null;
  simple_transmission: string | null;
  state: string | null;
  tag: string | null;
  year: number;
  created_at_timestamp: number;
  sold_date_timestamp: number | null;
  show_on_dealer_website: boolean;
  photos_count: number;
  location_id: number | null;
  name: string;
  label: string | null;
  custom_rank: number;
  image_url: string | null;
}
