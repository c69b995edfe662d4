/**
 * What a car card, summary or detail page shows about a car, computed by the domain rules in one
 * place: price display, tag banner, below-market indicator and display title.
 *
 * It takes a search card (search/contract.ts) or a full Car, and only the few site settings the
 * rules need, so the hydrated search island can render the same card from a hit in the browser.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import type { SearchCard } from '../../../search/contract.ts';
import { priceDisplay, formatPrice } from '../../../domain/price.ts';
import { carTag } from '../../../domain/carTag.ts';
import { belowMarket } from '../../../domain/belowMarket.ts';
import { carName } from '../../../domain/carName.ts';
import { priceQualifier, type AdvertisingRecord, type PriceQualifier } from '../../../domain/priceQualifier.ts';
import type { RegionAdvertising } from '../../../domain/regionAdvertising.ts';

/** The site settings the card rules read (serialisable, for island props). */
export interface CardSettings {
  locale: string;
  currency: string;
  /** SPEC §9 distance unit: kilometer, mile for US. */
  distanceUnit: 'kilometer' | 'mile';
  /** The region's label of an odometer reading ('Kilometres', 'Mileage'). */
  odometerLabel: string;
  subscriptions: boolean;
  electricHybridTag: boolean;
  /** The region's price qualifier wording (domain/regionAdvertising.ts). */
  advertising: Pick<RegionAdvertising, 'qualifier_source' | 'price_types' | 'doc_fee_format'>;
  /** The record's fee disclosure and doc fee (US qualifier). */
  advertisingRecord: Pick<AdvertisingRecord, 'fee_disclosure' | 'doc_fee'>;
  /** The new tag's label: 'Just arrived' or the record's text. */
  newListingLabel: string;
  /** The time the tag rules read, ISO: the build time, or on the search island the tag clock (SiteData.tagClock). */
  now: string;
}

/** CardSettings of a site. */
export function cardSettings(site: Site): CardSettings {
  return {
    locale: site.regionSettings.locale,
    currency: site.regionSettings.currency,
    distanceUnit: site.regionSettings.distance_unit,
    odometerLabel: site.regionSettings.odometer_label,
    subscriptions: site.features.subscriptions,
    electricHybridTag: site.features.electric_hybrid_tag,
    advertising: site.regionSettings.advertising,
    advertisingRecord: { fee_disclosure: site.advertising.fee_disclosure, doc_fee: site.advertising.doc_fee },
    newListingLabel: site.advertising.new_listing_label,
    now: site.now,
  };
}

/** A car as the card rules see it: a full Car or a search card. */
export type CardCar = Car | SearchCard;

/** The computed display facts of one car. */
export interface CarFacts {
  title: string;
  price: ReturnType<typeof priceDisplay>;
  /** What the price includes ('Drive away'), shown beside it; null without a price or a qualifier. */
  qualifier: PriceQualifier | null;
  tag: ReturnType<typeof carTag>;
  below: ReturnType<typeof belowMarket>;
  /** Formatted below-market amount ('$2,010'), when below market. */
  belowText: string | null;
  /** Formatted before-price when the price is reduced from it. */
  wasText: string | null;
}

/** Display facts of `car` under `settings` (a page that shows stock reads them from SiteData.facts, computed once per dealer). */
export function carFacts({ settings, car }: { settings: CardSettings; car: CardCar }): CarFacts {
  const { locale, currency } = settings;
  // The rules read only fields a search card carries (search/contract.ts SearchCard).
  const asCar = car as Car;
  const below = belowMarket({ car: asCar });
  const price = priceDisplay({ car: asCar, subscriptions: settings.subscriptions, locale, currency });
  const before = car.before_price ?? null;
  return {
    title: carName({ car, badge: false }),
    price,
    qualifier:
      price.kind === 'price' || price.kind === 'reduced'
        ? priceQualifier({ car, advertising: settings.advertising, record: settings.advertisingRecord, locale, currency })
        : null,
    tag: carTag({ car: asCar, now: new Date(settings.now), electricHybridTag: settings.electricHybridTag, labels: { new: settings.newListingLabel } }),
    below,
    belowText: below.below && below.amount != null ? formatPrice({ amount: below.amount, locale, currency }) : null,
    wasText: price.kind === 'reduced' && before != null && before > (price.amount ?? 0) ? formatPrice({ amount: before, locale, currency }) : null,
  };
}

/** The car's first image URL (gallery first, then primary_image_url), or null. */
export function firstImage(car: Car): string | null {
  return car.images?.[0]?.image.url ?? car.primary_image_url ?? car.thumbnails?.[0] ?? null;
}
