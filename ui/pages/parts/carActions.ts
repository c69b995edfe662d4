/**
 * Which actions a car's page offers in its sidebar (SPEC §2: enquire, finance, trade-in, chat,
 * reserve, test drive, history report), each decided by its domain rule.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { isForSale } from '../../../domain/visibility.ts';
import { isReserveEligible } from '../../../domain/reserve.ts';
import { showTradeInButton } from '../../../domain/tradeIn.ts';
import { showHistoryReport } from '../../../domain/historyReport.ts';
import { siteFinanceDisplay } from '../../../domain/finance.ts';
import { safeHref } from '../../../domain/safeUrl.ts';
import { siteNow } from './siteText.ts';

/** Which sidebar actions a car gets, from the domain rules. */
export function carActions({ site, car }: { site: Site; car: Car }) {
  const forSale = isForSale(car);
  const reserve = isReserveEligible({
    car,
    paymentProvider: site.config?.payment_provider ?? null,
    dealershipId: car.dealership_id,
    dealershipSlug: car.dealership_slug,
    allowedDealershipIds: site.rules.reserve_dealership_ids,
    allowedDealershipSlugs: site.rules.reserve_dealership_slugs,
  });
  const finance = siteFinanceDisplay({ site, car, now: siteNow(site) });
  return {
    forSale,
    reserve,
    tradeIn: showTradeInButton({ car, autograb: site.config?.autograb ?? false, valuation: site.valuation }),
    history: showHistoryReport({ car }) && Boolean(safeHref(car.file)),
    finance,
  };
}
