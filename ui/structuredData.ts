/**
 * JSON-LD for search engines (SPEC §2 "Structured data for search engines"): AutoDealer,
 * Organization, WebSite with a SearchAction, and LocalBusiness with opening hours (domain schemaOpeningHours), currency,
 * payments, address and aggregate rating; car pages add a Car with its Offer.
 *
 * The site-wide objects depend only on the Site: the siteData stage builds them once per dealer
 * and every page carries them; a car page adds one small object (renderer/routes.ts).
 */
import type { Car, OpeningHour } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { isForSale } from '../domain/visibility.ts';
import { isRealPrice } from '../domain/price.ts';
import { safeHref } from '../domain/safeUrl.ts';
import { schemaOpeningHours } from '../domain/openingHours.ts';
import { distanceInUnit } from '../domain/distance.ts';
import { carPath } from '../domain/routes/paths.ts';

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

function aggregateRating(site: Site): JsonLd | undefined {
  const count = site.reviews?.count ?? 0;
  const rating = Number(site.reviews?.average_rating);
  if (!(count > 0) || !Number.isFinite(rating)) return undefined;
  return { '@type': 'AggregateRating', ratingValue: rating, reviewCount: count, bestRating: 5, worstRating: 1 };
}

/** The four site-wide JSON-LD objects of `site` (built once per dealer by the siteData stage). */
export function siteStructuredData(site: Site): JsonLd[] {
  const url = site.baseUrl;
  const logo = absolute(site, site.logo?.url);
  const address = postalAddress(site);
  const openingHours = schemaOpeningHours({ hours: siteHours(site) ?? [] });
  const rating = aggregateRating(site);
  const sameAs = [site.facebook_url, site.instagram_url, site.youtube_url, site.tiktok_url, site.linkedin_url, site.twitter_url]
    .map((u) => absolute(site, u))
    .filter((u): u is string => Boolean(u));
  const geo =
    site.address.lat != null && site.address.long != null ? { '@type': 'GeoCoordinates', latitude: site.address.lat, longitude: site.address.long } : undefined;
  const business = {
    name: site.name,
    url,
    telephone: site.phone,
    email: site.email,
    address,
    currenciesAccepted: site.regionSettings.currency,
    paymentAccepted: PAYMENT_ACCEPTED,
    ...(openingHours.length ? { openingHours } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
  return [
    { '@context': CONTEXT, '@type': 'AutoDealer', ...business, ...(logo ? { logo, image: logo } : {}), ...(geo ? { geo } : {}) },
    {
      '@context': CONTEXT,
      '@type': 'Organization',
      name: site.name,
      url,
      ...(logo ? { logo } : {}),
      ...(sameAs.length ? { sameAs } : {}),
      contactPoint: { '@type': 'ContactPoint', telephone: site.phone, email: site.email, contactType: 'sales' },
    },
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: site.name,
      url,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${url}${site.default_search_path}?query={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
    { '@context': CONTEXT, '@type': 'LocalBusiness', ...business, ...(logo ? { image: logo } : {}) },
  ];
}

/** schema.org availability of a car: SoldOut when not for sale, PreOrder when coming soon or pre-order. */
export function availability(car: Car): string {
  if (!isForSale(car)) return `${CONTEXT}/SoldOut`;
  if (car.status === 'coming_soon' || car.preorder) return `${CONTEXT}/PreOrder`;
  return `${CONTEXT}/InStock`;
}

/** The Car object (with its Offer) of a car page. */
export function carStructuredData({ site, car }: { site: Site; car: Car }): JsonLd {
  const images = (car.images?.length ? car.images.map((i) => i.image.url) : [car.primary_image_url])
    .map((u) => absolute(site, u))
    .filter((u): u is string => Boolean(u));
  const name = [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ');
  const carUrl = `${site.baseUrl}${carPath(car)}`;
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
  };
  return {
    '@context': CONTEXT,
    '@type': 'Car',
    name,
    url: carUrl,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition: car.car_type === 'new' ? `${CONTEXT}/NewCondition` : `${CONTEXT}/UsedCondition`,
    ...optional,
    offers: {
      '@type': 'Offer',
      ...(isRealPrice(car.price) ? { price: car.price } : {}),
      priceCurrency: site.regionSettings.currency,
      availability: availability(car),
      url: carUrl,
      seller: { '@type': 'AutoDealer', name: site.name, url: site.baseUrl },
    },
  };
}
