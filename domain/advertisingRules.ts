/**
 * The advertising checks `validate` and `generate` run over a dealer's stock (README: Advertising
 * checks; docs/advertising.md): each a named rule over one car as the site would advertise it. The
 * region's thresholds and wording come from the region table (domain/regionAdvertising.ts); the
 * qualifier from domain/priceQualifier.ts, the same rule the pages show. Running them over a feed
 * and printing them is renderer/advertisingChecks.ts.
 */
import { formatPrice, priceDisplay } from './price.ts';
import { priceQualifier, type AdvertisingRecord } from './priceQualifier.ts';
import type { RegionAdvertising } from './regionAdvertising.ts';
import type { Car } from './types.ts';
import { isForSale } from './visibility.ts';

/** The checks, by name (README: Advertising checks). */
export const ADVERT_RULES = {
  'advert/no-qualifier': 'an AU or NZ price without a qualifier (the feed price_type is missing or unknown)',
  'advert/implausible-drive-away': "a drive away price below the region's floor for the car type",
  'advert/no-comparison-warning': 'a weekly or monthly finance figure without the comparison-rate warning (AU)',
  'advert/no-fee-disclosure': 'a US price while the record has no advertising.fee_disclosure',
  'advert/unverified-was-price': "a 'was' price (before_price) that no earlier import of the car shows",
} as const;

/** A check's name. */
export type AdvertRule = keyof typeof ADVERT_RULES;

/** One problem with how a car is advertised. */
export interface AdvertFinding {
  rule: AdvertRule;
  /** The car field at fault (the diagnostic's JSON pointer under the car's row). */
  field: 'price_type' | 'price' | 'finance_lenders' | 'before_price';
  message: string;
  hint: string;
}

/** The prices an earlier import saw the car at (renderer/advertisingChecks.ts reads them from the import history), or null when there is no history. */
export type PriceHistory = readonly number[] | null;

/** True when `text` carries the warning's first sentence (case and spacing aside). */
export function hasComparisonRateWarning({ text, warning }: { text: string; warning: string }): boolean {
  const squash = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
  const firstSentence = squash(warning).split('. ')[0];
  return squash(text).includes(firstSentence);
}

/**
 * The advertising problems of one car a shopper is shown with a price (for sale, on the website,
 * SPEC §4 price display step 2); none for any other car.
 * - `finance`: the finance figure the page shows and the text shown with it, or null when the page shows no weekly or monthly figure;
 * - `history`: the car's earlier prices, or null when the dealer has no import history (the was-price check is then skipped).
 */
export function advertFindings({
  car,
  advertising,
  record,
  subscriptions,
  finance,
  history,
  locale,
  currency,
}: {
  car: Pick<Car, 'price' | 'before_price' | 'subscription_price' | 'preorder' | 'price_type' | 'car_type' | 'status' | 'sold' | 'show_on_dealer_website'>;
  advertising: RegionAdvertising;
  record: AdvertisingRecord;
  subscriptions: boolean;
  finance: { text: string } | null;
  history: PriceHistory;
  locale: string;
  currency: string;
}): AdvertFinding[] {
  if (!isForSale(car) || car.show_on_dealer_website === false) return [];
  const shown = priceDisplay({ car, subscriptions, locale, currency });
  if (shown.kind !== 'price' && shown.kind !== 'reduced') return [];
  const money = (amount: number) => formatPrice({ amount, locale, currency });
  const findings: AdvertFinding[] = [];
  const qualifier = priceQualifier({ car, advertising, record, locale, currency });

  if (advertising.qualifier_source === 'price_type' && !qualifier) {
    const given = car.price_type?.trim();
    findings.push({
      rule: 'advert/no-qualifier',
      field: 'price_type',
      message: `price ${shown.text} has no qualifier: ${given ? `price_type "${given}" is not one the region reads` : 'no price_type'}`,
      hint: `Set price_type to one of ${advertising.price_types.map((type) => `'${type.label}'`).join(', ')} (docs/advertising.md).`,
    });
  }
  if (advertising.qualifier_source === 'fee_disclosure' && !qualifier) {
    findings.push({
      rule: 'advert/no-fee-disclosure',
      field: 'price',
      message: `price ${shown.text} is shown without a fee disclosure`,
      hint: "Set advertising.fee_disclosure in dealer.yaml (e.g. 'Plus tax, title, license and dealer fees') and advertising.doc_fee when a documentation fee is charged.",
    });
  }
  const floor = advertising.drive_away_floor[car.car_type];
  if (qualifier?.kind === 'drive_away' && shown.amount !== null && shown.amount < floor) {
    findings.push({
      rule: 'advert/implausible-drive-away',
      field: 'price',
      message: `drive away price ${shown.text} is below the region's floor of ${money(floor)} for a ${car.car_type} car`,
      hint: 'Check the price and price_type in the feed: a drive away price includes registration and on-road costs.',
    });
  }
  if (advertising.comparison_rate_warning && finance && !hasComparisonRateWarning({ text: finance.text, warning: advertising.comparison_rate_warning })) {
    findings.push({
      rule: 'advert/no-comparison-warning',
      field: 'finance_lenders',
      message: 'shows a finance repayment, but its comparison rate has no warning',
      hint: `Add the warning to the lender's disclaimer: '${advertising.comparison_rate_warning}'`,
    });
  }
  if (shown.kind === 'reduced' && history !== null && shown.before !== null && !history.some((price) => price >= shown.before!)) {
    findings.push({
      rule: 'advert/unverified-was-price',
      field: 'before_price',
      message: `was price ${money(shown.before)} is not a price an earlier import listed the car at${history.length ? ` (highest ${money(Math.max(...history))})` : ''}`,
      hint: "Remove before_price, or show a 'was' price only after the car was listed at it.",
    });
  }
  return findings;
}
