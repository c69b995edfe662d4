/**
 * Prices (SPEC §4 "Price display", §9 "Prices"): the thresholds, the formatter and the
 * four-step display rule. Every page, island and the search index call these.
 */
import type { Car } from './types.ts';

/** SPEC §9 price thresholds; every rule compares with `>` (strictly above). */
export const PRICE_THRESHOLDS = {
  /** A price is real only above this. */
  real: 10,
  reserve: 200,
  tradeIn: 200,
  autocomplete: 250,
  finance: 500,
} as const;

/** Shown when no other price rule applies and the dealer configured no text of its own. */
export const DEFAULT_NO_PRICE_TEXT = 'Price on application';

/** The text price display step 3 shows for pre-order cars. */
export const PREORDER_TEXT = 'PREORDER';

/** True for a finite number strictly above `threshold`. */
function above(price: unknown, threshold: number): boolean {
  return typeof price === 'number' && Number.isFinite(price) && price > threshold;
}

/** A price is real only when above 10. */
export function isRealPrice(price: number | null | undefined): boolean {
  return above(price, PRICE_THRESHOLDS.real);
}

/** Reserve and trade-in need a price above 200. */
export function meetsReservePrice(price: number | null | undefined): boolean {
  return above(price, PRICE_THRESHOLDS.reserve);
}

/** Trade-in needs a price above 200. */
export function meetsTradeInPrice(price: number | null | undefined): boolean {
  return above(price, PRICE_THRESHOLDS.tradeIn);
}

/** Finance needs a price above 500. */
export function meetsFinancePrice(price: number | null | undefined): boolean {
  return above(price, PRICE_THRESHOLDS.finance);
}

/** Autocomplete shows a hit's price only above 250. */
export function showAutocompletePrice(price: number | null | undefined): boolean {
  return above(price, PRICE_THRESHOLDS.autocomplete);
}

/**
 * Dollars, no decimals, comma thousands: `formatPrice({ amount: 12990 })` is `'$12,990'`.
 * The narrow symbol keeps '$' for AUD in every locale (SPEC §9 currency AUD); a value that is
 * not a finite number gives '' rather than '$NaN'.
 */
export function formatPrice({ amount, locale = 'en-AU', currency = 'AUD' }: { amount: number | null | undefined; locale?: string; currency?: string }): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const dollars = dollarFormat(locale, currency);
  // A Map takes -0 for 0, which Intl writes as '-$0'.
  if (Object.is(amount, -0)) return dollars.format.format(amount);
  let text = dollars.written.get(amount);
  if (text === undefined) {
    text = dollars.format.format(amount);
    // Bounded: a build writes the same few thousand prices on many pages; a long-running dev server sees more.
    if (dollars.written.size >= MAX_WRITTEN_PRICES) dollars.written.clear();
    dollars.written.set(amount, text);
  }
  return text;
}

/** Prices remembered per format before it starts again. */
const MAX_WRITTEN_PRICES = 20_000;

// Building an Intl.NumberFormat costs far more than using one, and a build formats thousands
// of prices, most of them many times (a car's price is on its page, its cards and its lists);
// there are only a handful of locale and currency pairs.
const formats = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();
function dollarFormat(locale: string, currency: string): { format: Intl.NumberFormat; written: Map<number, string> } {
  const key = `${locale}|${currency}`;
  let entry = formats.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    entry = { format, written: new Map() };
    formats.set(key, entry);
  }
  return entry;
}

/** Which price step of SPEC §4 applied. */
export type PriceDisplayKind = 'subscription' | 'reduced' | 'price' | 'preorder' | 'none';

/** The price a shopper sees. `before` is the crossed-out price of a reduced car, else null. */
export interface PriceDisplay {
  kind: PriceDisplayKind;
  text: string;
  amount: number | null;
  before: number | null;
}

/**
 * SPEC §4 price display, the first rule that applies wins:
 * 1. subscription price, when the site offers subscriptions and subscription_price > 0;
 * 2. the reduced price (before_price above price) or the price, when price is above 10;
 * 3. 'PREORDER' for a pre-order car;
 * 4. the configured no-price text (default 'Price on application').
 */
export function priceDisplay({
  car,
  subscriptions,
  noPriceText = DEFAULT_NO_PRICE_TEXT,
  locale,
  currency,
}: {
  car: Pick<Car, 'price' | 'before_price' | 'subscription_price' | 'preorder'>;
  subscriptions: boolean;
  noPriceText?: string;
  locale?: string;
  currency?: string;
}): PriceDisplay {
  const format = (amount: number) => formatPrice({ amount, locale, currency });
  const sub = car.subscription_price;
  if (subscriptions && typeof sub === 'number' && above(sub, 0)) {
    return { kind: 'subscription', text: format(sub), amount: sub, before: null };
  }
  if (isRealPrice(car.price)) {
    const before = car.before_price;
    if (typeof before === 'number' && Number.isFinite(before) && before > car.price) {
      return { kind: 'reduced', text: format(car.price), amount: car.price, before };
    }
    return { kind: 'price', text: format(car.price), amount: car.price, before: null };
  }
  if (car.preorder === true) return { kind: 'preorder', text: PREORDER_TEXT, amount: null, before: null };
  return { kind: 'none', text: noPriceText, amount: null, before: null };
}
