/**
 * Finance display (SPEC §5 "Finance display", §9 "Finance"): whether a car shows a finance
 * quote from the dealer's provider, and which repayment. The makes, dealership ids and slugs
 * that disable finance are inputs from the dealer record (rules.finance_disabled_*); only
 * SPEC's default make list lives here, for `resolve` to apply.
 */
import type { Site } from './site.ts';
import type { Car, FinanceLenderQuote } from './types.ts';
import { meetsFinancePrice } from './price.ts';
import { isForSale } from './visibility.ts';

/** SPEC §5: finance is disabled for Suzuki by default. */
export const DEFAULT_FINANCE_DISABLED_MAKES: readonly string[] = ['Suzuki'];

/** SPEC §9 default loan term, in years. */
export const DEFAULT_TERM_YEARS = 5;

/** SPEC §9 Taurus constants: 10% deposit, comparison rate on $30,000 over 5 years, offer valid 1 month. */
export const TAURUS = {
  deposit: 0.1,
  comparisonAmount: 30000,
  comparisonYears: 5,
  validMonths: 1,
} as const;

/** SPEC §9: the final (balloon) payment shown for Angle. */
export const ANGLE_FINAL_PAYMENT = 0;

/** SPEC §5 Taurus rule: the car's year must be after the current year minus this. */
export const TAURUS_MAX_AGE_YEARS = 12;

/** What the car page and search card show. */
export interface FinanceDisplay {
  show: boolean;
  provider: string | null;
  quote?: FinanceLenderQuote;
  frequency?: 'week' | 'month';
  repayment?: number;
  termYears?: number;
  /** Final payment: 0 for Angle, else the quote's balloon when given. */
  finalPayment?: number | null;
}

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The quote's term in years: termYears, else termMonths / 12, else the default 5. */
export function termYearsOf(quote: Pick<FinanceLenderQuote, 'termYears' | 'termMonths'>): number {
  if (positive(quote.termYears)) return quote.termYears;
  if (positive(quote.termMonths)) return quote.termMonths / 12;
  return DEFAULT_TERM_YEARS;
}

/**
 * Level repayment of an amortised loan (annual rate in percent), with an optional final
 * balloon. Used for Taurus when the lender gives no weekly figure. Rounded to whole dollars.
 */
export function repaymentAmount({
  principal,
  annualRatePercent,
  years,
  frequency,
  balloon = 0,
}: {
  principal: number;
  annualRatePercent: number;
  years: number;
  frequency: 'week' | 'month';
  balloon?: number;
}): number {
  const perYear = frequency === 'week' ? 52 : 12;
  const n = Math.max(1, Math.round(years * perYear));
  const r = annualRatePercent / 100 / perYear;
  if (r === 0) return Math.round((principal - balloon) / n);
  const growth = (1 + r) ** n;
  return Math.round(((principal - balloon / growth) * r * growth) / (growth - 1));
}

/** Taurus offers are valid for one month from the build's `now`. */
export function taurusOfferValidUntil({ now }: { now: Date }): Date {
  const until = new Date(now.getTime());
  until.setUTCMonth(until.getUTCMonth() + TAURUS.validMonths);
  return until;
}

/**
 * SPEC §5 finance display. Needs the provider's lender data with non-null interestRate and
 * comparisonRate; off for disabled makes, dealership ids and slugs (the car's own, or the
 * site's when passed); then per provider:
 * - Taurus: year > current year - 12, price above 500, car for sale (weekly repayment);
 * - 360 Finance, AusLoans: car for sale;
 * - Manual, Angle, Powertorque: price above 500 and a weekly payment;
 * - Nissan Finance: price above 500 and a monthly payment;
 * - any other provider (Car Clarity): the lender data alone.
 */
export function financeDisplay({
  car,
  provider,
  disabledMakes = DEFAULT_FINANCE_DISABLED_MAKES,
  disabledDealershipIds = [],
  disabledDealershipSlugs = [],
  dealershipId,
  dealershipSlug,
  now,
}: {
  car: Pick<Car, 'make' | 'year' | 'price' | 'status' | 'sold' | 'dealership_id' | 'dealership_slug' | 'finance_lenders'>;
  provider: string | null | undefined;
  disabledMakes?: readonly string[];
  disabledDealershipIds?: readonly number[];
  disabledDealershipSlugs?: readonly string[];
  /** The site's dealership, checked against the disabled lists as well as the car's. */
  dealershipId?: number | null;
  dealershipSlug?: string | null;
  now: Date;
}): FinanceDisplay {
  const hidden: FinanceDisplay = { show: false, provider: provider ?? null };
  if (provider == null || provider.trim() === '') return hidden;
  const quote = car.finance_lenders?.[provider];
  if (quote == null || quote.interestRate == null || quote.comparisonRate == null) return hidden;
  if (disabledMakes.some((make) => typeof car.make === 'string' && sameText(make, car.make))) return hidden;
  const ids = [car.dealership_id, dealershipId].filter((id): id is number => id != null);
  const slugs = [car.dealership_slug, dealershipSlug].filter((s): s is string => s != null);
  if (ids.some((id) => disabledDealershipIds.includes(id))) return hidden;
  if (slugs.some((slug) => disabledDealershipSlugs.includes(slug))) return hidden;

  const termYears = termYearsOf(quote);
  const base = { show: true, provider, quote, termYears, finalPayment: quote.balloon ?? null };
  const weekly = positive(quote.paymentWeek) ? quote.paymentWeek : undefined;
  const monthly = positive(quote.paymentMonth) ? quote.paymentMonth : undefined;
  const shown = (frequency: 'week' | 'month' | undefined, repayment: number | undefined): FinanceDisplay =>
    frequency && repayment !== undefined ? { ...base, frequency, repayment } : base;

  switch (provider) {
    case 'Taurus': {
      const recent = car.year > now.getUTCFullYear() - TAURUS_MAX_AGE_YEARS;
      if (!recent || !meetsFinancePrice(car.price) || !isForSale(car)) return hidden;
      const repayment =
        weekly ??
        repaymentAmount({
          principal: car.price * (1 - TAURUS.deposit),
          annualRatePercent: quote.interestRate,
          years: termYears,
          frequency: 'week',
        });
      return shown('week', repayment);
    }
    case '360 Finance':
    case 'AusLoans':
      if (!isForSale(car)) return hidden;
      return weekly !== undefined ? shown('week', weekly) : shown(monthly !== undefined ? 'month' : undefined, monthly);
    case 'Manual':
    case 'Angle':
    case 'Powertorque': {
      if (!meetsFinancePrice(car.price) || weekly === undefined) return hidden;
      const result = shown('week', weekly);
      return provider === 'Angle' ? { ...result, finalPayment: ANGLE_FINAL_PAYMENT } : result;
    }
    case 'Nissan Finance':
      if (!meetsFinancePrice(car.price) || monthly === undefined) return hidden;
      return shown('month', monthly);
    default:
      return weekly !== undefined ? shown('week', weekly) : shown(monthly !== undefined ? 'month' : undefined, monthly);
  }
}

/** financeDisplay of `car` on `site`: the site's finance provider (or `provider`) and its disabled makes and dealerships. */
export function siteFinanceDisplay({
  site,
  car,
  now,
  provider = site.config?.finance_provider ?? null,
}: {
  site: Pick<Site, 'config' | 'rules'>;
  car: Parameters<typeof financeDisplay>[0]['car'];
  now: Date;
  provider?: string | null;
}): FinanceDisplay {
  return financeDisplay({
    car,
    provider,
    disabledMakes: site.rules.finance_disabled_makes,
    disabledDealershipIds: site.rules.finance_disabled_dealership_ids,
    disabledDealershipSlugs: site.rules.finance_disabled_dealership_slugs,
    now,
  });
}
