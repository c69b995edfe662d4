/**
 * The qualifier beside a price and the disclaimer under prices (advertising rules of the region
 * table, domain/regionAdvertising.ts): one rule read by cards, the car page, compare, favourites,
 * the inventory feeds, the Car JSON-LD and the build's advertising checks.
 *
 * AU and NZ read the feed's price_type through the region's wording ('Drive Away' -> 'Drive away');
 * the US shows the record's fee disclosure, with its doc fee when the record gives one.
 */
import { formatPrice } from './price.ts';
import type { PriceQualifierKind, RegionAdvertising } from './regionAdvertising.ts';

/** The record's advertising fields the rule reads (schema `advertising`). */
export interface AdvertisingRecord {
  price_disclaimer?: string | null;
  fee_disclosure?: string | null;
  doc_fee?: number | null;
}

/** What a price says it includes. */
export interface PriceQualifier {
  kind: PriceQualifierKind;
  /** Shown beside the price. */
  label: string;
  /** What the price includes, in a sentence (JSON-LD priceSpecification description). */
  meaning: string;
  /** Google vehicle ads `vehicle_price_type`, or null. */
  google: string | null;
}

/** A feed's price_type as the region table matches it: lower case, letters and digits only ('Excl. Govt. Charges' -> 'exclgovtcharges'). */
export function priceTypeKey(priceType: string | null | undefined): string {
  return typeof priceType === 'string' ? priceType.toLowerCase().replace(/[^a-z0-9]/g, '') : '';
}

/**
 * The qualifier of a car's price, or null when the region's source gives none (an unknown or missing
 * price_type in AU and NZ, no fee disclosure in the record in the US). It does not look at the price:
 * callers show it only beside a price (priceDisplay kinds 'price' and 'reduced').
 */
export function priceQualifier({
  car,
  advertising,
  record,
  locale,
  currency,
}: {
  car: { price_type?: string | null };
  advertising: Pick<RegionAdvertising, 'qualifier_source' | 'price_types' | 'doc_fee_format'>;
  record: AdvertisingRecord;
  locale?: string;
  currency?: string;
}): PriceQualifier | null {
  if (advertising.qualifier_source === 'fee_disclosure') {
    const disclosure = record.fee_disclosure?.trim();
    if (!disclosure) return null;
    const fee = record.doc_fee;
    const label =
      typeof fee === 'number' && Number.isFinite(fee) && fee > 0
        ? advertising.doc_fee_format.replace('{disclosure}', disclosure).replace('{amount}', formatPrice({ amount: fee, locale, currency }))
        : disclosure;
    return { kind: 'fee_disclosure', label, meaning: label, google: null };
  }
  const key = priceTypeKey(car.price_type);
  if (!key) return null;
  const wording = advertising.price_types.find((type) => type.matches.includes(key));
  return wording ? { kind: wording.kind, label: wording.label, meaning: wording.meaning, google: wording.google } : null;
}

/** The disclaimer under prices and in the footer: the region's text, then the dealer's own when it has one. */
export function priceDisclaimer({ advertising, record }: { advertising: Pick<RegionAdvertising, 'price_disclaimer'>; record: AdvertisingRecord }): string[] {
  const own = record.price_disclaimer?.trim();
  return own ? [advertising.price_disclaimer, own] : [advertising.price_disclaimer];
}
