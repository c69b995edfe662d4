/**
 * JSON-LD for search engines (SPEC §2 "Structured data for search engines"): Organization,
 * WebSite with a SearchAction, and the AutoDealer (a LocalBusiness) with opening hours, currency,
 * payments and address, linked by @id; car pages add a Car with its Offer, location pages the
 * location's LocalBusiness.
 *
 * The site-wide objects depend only on the Site: the siteData stage builds them once per dealer
 * and every page carries them; a car page adds one small object (renderer/routes.ts).
 */
import type { Car, Location, OpeningHour, SpecialHours } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { isForSale } from '../domain/visibility.ts';
import { formatPrice, isRealPrice, priceDisplay } from '../domain/price.ts';
import { safeHref } from '../domain/safeUrl.ts';
import { schemaOpeningHours, upcomingSpecialHours } from '../domain/openingHours.ts';
import { distanceInUnit } from '../domain/distance.ts';
import { carPhotos } from '../domain/photoUrls.ts';
import { socialImage } from '../domain/responsiveImage.ts';
import { carPath, locationPath } from '../domain/routes/paths.ts';
import type { Crumb } from '../domain/breadcrumbs.ts';
import { carName } from '../domain/carName.ts';
import { priceQualifier } from '../domain/priceQualifier.ts';

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
/** SPEC §2: payments Cash and Credit Card. */
export const PAYMENT_ACCEPTED = 'Cash, Credit Card';

/** An absolute URL for a record URL or site path; undefined when unsafe or missing. */
function absolute(site: Site, url: string | null | undefined): string | undefined {
  const safe = safeHref(url);
  if (!safe) return undefined;
  return safe.startsWith('/') ? `${site.baseUrl}${safe}` : safe;
}

/** The dealer's opening hours: the record's, else the primary (or first) location's. */
function siteHours(site: Site): OpeningHour[] | undefined {
  if (site.opening_hours?.length) return site.opening_hours;
  const primary = site.locations.find((l) => l.primary) ?? site.locations[0];
  return primary?.contact_detail.opening_hours;
}

function postalAddress(site: Site): JsonLd {
  const { street, city, state, postcode } = site.address;
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    addressLocality: city,
    addressRegion: state,
    postalCode: postcode,
    addressCountry: site.regionSettings.country,
  };
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The node ids that link the site-wide objects (and a car's seller) to each other. */
export function structuredDataIds(site: Pick<Site, 'baseUrl'>): { organization: string; dealer: string; website: string } {
  return { organization: `${site.baseUrl}/#organization`, dealer: `${site.baseUrl}/#dealer`, website: `${site.baseUrl}/#website` };
}

/**
 * openingHoursSpecification: one entry per open weekday, then the special (holiday) hours from
 * the build day on, each for its date (validFrom = validThrough); a closed special day opens and
 * closes at 00:00, the way Google reads a closure.
 */
export function openingHoursSpecification({ hours, special, now }: { hours: readonly OpeningHour[]; special: readonly SpecialHours[]; now: Date }): JsonLd[] {
  const regular = [...hours]
    .filter((h) => h.status === 'Open' && h.open && h.close)
    .sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7))
    .map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `${CONTEXT}/${DAYS[h.weekday]}`,
      opens: h.open!.slice(0, 5),
      closes: h.close!.slice(0, 5),
    }));
  const holidays = upcomingSpecialHours({ special, now })
    .filter((s) => s.department === 'all' || s.department === 'sales')
    .map((s) => {
      const open = s.status === 'Open' && s.start_hour && s.end_hour;
      return {
        '@type': 'OpeningHoursSpecification',
        ...(s.name ? { name: s.name } : {}),
        validFrom: s.date,
        validThrough: s.date,
        opens: open ? s.start_hour!.slice(0, 5) : '00:00',
        closes: open ? s.end_hour!.slice(0, 5) : '00:00',
      };
    });
  return [...regular, ...holidays];
}

/**
 * The relative price range of the stock for sale ('$12,990 - $89,990'), from the real prices
 * (domain/price.ts); undefined when no car has one.
 */
export function stockPriceRange({ site, cars }: { site: Site; cars: readonly Car[] }): string | undefined {
  const prices = cars.filter((car) => isForSale(car) && isRealPrice(car.price)).map((car) => car.price as number);
  if (!prices.length) return undefined;
  const { locale, currency } = site.regionSettings;
  const [low, high] = [Math.min(...prices), Math.max(...prices)].map((amount) => formatPrice({ amount, locale, currency }));
  return low === high ? low : `${low} - ${high}`;
}

function geoOf(address: { lat?: number | null; long?: number | null } | undefined): JsonLd | undefined {
  return address?.lat != null && address.long != null ? { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long } : undefined;
}

/**
 * The three site-wide JSON-LD objects of `site` (built once per dealer by the siteData stage),
 * linked by @id: the Organization (the company: logo, social profiles, sales contact), the
 * WebSite it publishes, and the AutoDealer (the business customers visit: an AutoDealer is a
 * LocalBusiness, so one node carries SPEC §2's LocalBusiness facts instead of a duplicate
 * business) with address, geo, opening and special hours, currency, payments and the stock's
 * price range. The record's review count and average are the dealer's own figures with no
 * third-party source, so no aggregateRating is claimed (Google ignores self-serving ratings).
 */
export function siteStructuredData({ site, cars = [] }: { site: Site; cars?: readonly Car[] }): JsonLd[] {
  const url = site.baseUrl;
  const ids = structuredDataIds(site);
  const logo = absolute(site, site.logo?.url);
  const weekHours = siteHours(site) ?? [];
  // SPEC §2's 'Mo-Fr' strings, and the specification Google reads special hours from.
  const openingHours = schemaOpeningHours({ hours: weekHours });
  const hours = openingHoursSpecification({ hours: weekHours, special: site.special_hours ?? [], now: new Date(site.now) });
  const priceRange = stockPriceRange({ site, cars });
  const sameAs = [site.facebook_url, site.instagram_url, site.youtube_url, site.tiktok_url, site.linkedin_url, site.twitter_url]
    .map((u) => absolute(site, u))
    .filter((u): u is string => Boolean(u));
  const geo = geoOf(site.address);
  return [
    {
      '@context': CONTEXT,
      '@type': 'Organization',
      '@id': ids.organization,
      name: site.name,
      url,
      ...(logo ? { logo } : {}),
      ...(sameAs.length ? { sameAs } : {}),
      contactPoint: { '@type': 'ContactPoint', telephone: site.phone, email: site.email, contactType: 'sales' },
    },
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      '@id': ids.website,
      name: site.name,
      url,
      publisher: { '@id': ids.organization },
      potentialAction: {
        '@type': 'SearchAction',
        target: `${url}${site.default_search_path}?query={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
    {
      '@context': CONTEXT,
      '@type': 'AutoDealer',
      '@id': ids.dealer,
      name: site.name,
      url,
      telephone: site.phone,
      email: site.email,
      address: postalAddress(site),
      ...(geo ? { geo } : {}),
      ...(logo ? { logo, image: logo } : {}),
      ...(openingHours.length ? { openingHours } : {}),
      ...(hours.length ? { openingHoursSpecification: hours } : {}),
      ...(priceRange ? { priceRange } : {}),
      currenciesAccepted: site.regionSettings.currency,
      paymentAccepted: PAYMENT_ACCEPTED,
      parentOrganization: { '@id': ids.organization },
    },
  ];
}

/**
 * A location page's LocalBusiness: the place itself (address, geo, phone, its own opening and
 * special hours), a branch of the dealer (parentOrganization -> the AutoDealer's @id).
 */
export function locationStructuredData({ site, location }: { site: Site; location: Location }): JsonLd {
  const page = `${site.baseUrl}${locationPath({ paths: site.paths, location })}`;
  const { street, city, state, postcode } = location.address;
  const geo = geoOf(location.address);
  const image = absolute(site, location.image?.url) ?? absolute(site, site.logo?.url);
  const hours = openingHoursSpecification({
    hours: location.contact_detail.opening_hours ?? [],
    special: [...(location.special_hours ?? []), ...(site.special_hours ?? [])],
    now: new Date(site.now),
  });
  const phone = location.contact_detail.phone ?? site.phone;
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    '@id': `${page}#business`,
    name: location.name,
    url: page,
    ...(phone ? { telephone: phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: city,
      addressRegion: state,
      postalCode: postcode,
      addressCountry: site.regionSettings.country,
    },
    ...(geo ? { geo } : {}),
    ...(image ? { image } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    currenciesAccepted: site.regionSettings.currency,
    paymentAccepted: PAYMENT_ACCEPTED,
    parentOrganization: { '@id': structuredDataIds(site).dealer },
  };
}

/** schema.org availability of a car: SoldOut when not for sale, PreOrder when coming soon or pre-order. */
export function availability(car: Car): string {
  if (!isForSale(car)) return `${CONTEXT}/SoldOut`;
  if (car.status === 'coming_soon' || car.preorder) return `${CONTEXT}/PreOrder`;
  return `${CONTEXT}/InStock`;
}

/**
 * The Offer of a car: the price the page shows, or none. A subscription car's offer is its
 * subscription price with a unit price specification saying so (the page shows '$371
 * subscription'); a car without a real price (SPEC §9: above 10) has no offer, since an offer
 * without a price is not eligible for vehicle listings. The seller is the AutoDealer node.
 */
export function carOffer({ site, car, carUrl }: { site: Site; car: Car; carUrl: string }): JsonLd | undefined {
  const shown = priceDisplay({ car, subscriptions: site.features.subscriptions });
  if (shown.kind !== 'subscription' && shown.kind !== 'price' && shown.kind !== 'reduced') return undefined;
  const currency = site.regionSettings.currency;
  return {
    '@type': 'Offer',
    price: shown.amount,
    priceCurrency: currency,
    ...(shown.kind === 'subscription'
      ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: shown.amount, priceCurrency: currency, unitText: 'subscription' } }
      : qualifiedPrice({ site, car, amount: shown.amount, currency })),
    itemCondition: itemCondition(car),
    availability: availability(car),
    url: carUrl,
    seller: { '@id': structuredDataIds(site).dealer },
  };
}

/**
 * The price's qualifier as a PriceSpecification (domain/priceQualifier.ts): its label as the name
 * and what the price includes as the description ('Drive away: includes registration, ...').
 */
function qualifiedPrice({ site, car, amount, currency }: { site: Site; car: Car; amount: number | null; currency: string }): JsonLd {
  const qualifier = priceQualifier({
    car,
    advertising: site.regionSettings.advertising,
    record: site.advertising,
    locale: site.regionSettings.locale,
    currency,
  });
  if (!qualifier) return {};
  return {
    priceSpecification: { '@type': 'PriceSpecification', price: amount, priceCurrency: currency, name: qualifier.label, description: qualifier.meaning },
  };
}

/** New cars are NewCondition; used and demonstrator cars are UsedCondition. */
function itemCondition(car: Car): string {
  return car.car_type === 'new' ? `${CONTEXT}/NewCondition` : `${CONTEXT}/UsedCondition`;
}

/**
 * The Car object of a car page: what Google's vehicle listings read (brand, model, year, VIN,
 * odometer in the region's unit, body, fuel, transmission, colour, seats, condition, images:
 * the photos or the placeholder) and its Offer when it has a price.
 */
export function carStructuredData({ site, car }: { site: Site; car: Car }): JsonLd {
  // The same photos the page shows, each at the width crawlers ask for.
  const images = carPhotos({ car, settings: site.images })
    .map((image) => absolute(site, socialImage({ image }).url))
    .filter((u): u is string => Boolean(u));
  const name = carName({ car });
  const carUrl = `${site.baseUrl}${carPath(car)}`;
  const offer = carOffer({ site, car, carUrl });
  const optional: JsonLd = {
    ...(car.km != null
      ? {
          // The reading in the region's unit, with that unit's code (miles with SMI, km with KMT).
          mileageFromOdometer: {
            '@type': 'QuantitativeValue',
            value: distanceInUnit({ km: car.km, unit: site.regionSettings.distance_unit }),
            unitCode: site.regionSettings.distance_unit_code,
          },
        }
      : {}),
    ...(car.colour ? { color: car.colour } : {}),
    ...(car.bodyconfiguration || car.simple_body ? { bodyType: car.bodyconfiguration ?? car.simple_body } : {}),
    ...(car.simple_fuel || car.fuel ? { fuelType: car.simple_fuel ?? car.fuel } : {}),
    ...(car.simple_transmission ? { vehicleTransmission: car.simple_transmission } : {}),
    ...(images.length ? { image: images } : {}),
    ...(car.vin ? { vehicleIdentificationNumber: car.vin } : {}),
    ...(car.seats ? { seatingCapacity: car.seats } : {}),
    ...(offer ? { offers: offer } : {}),
  };
  return {
    '@context': CONTEXT,
    '@type': 'Car',
    name,
    url: carUrl,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition: itemCondition(car),
    ...optional,
  };
}

/** A BreadcrumbList of a trail (domain/breadcrumbs.ts): each step's position, name and absolute URL. */
export function breadcrumbStructuredData({ site, crumbs }: { site: Site; crumbs: readonly Crumb[] }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${site.baseUrl}${crumb.path}` })),
  };
}
