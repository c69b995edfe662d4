/**
 * The `finance data` assets: per car with a finance display, an entry shaped like SPEC §7's
 * finance disclaimer answer ({car_id, finance_lenders: {[provider]: {disclaimer, ...}}}) in the
 * shard files under /data/finance (domain/carDataShards.ts), so the finance page can fetch the
 * disclaimer by car id from the static site (SPEC §7 "Finance disclaimer fetch by car id").
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { siteFinanceDisplay } from '../domain/finance.ts';
import type { Asset } from './stage.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { FINANCE_DATA_PATH } from '../ui/pages/FinancePage.tsx';
import { carDataShardFiles, type CarDataEntry } from './carDataShardFiles.ts';

/** The /data/finance shard files holding each visible car whose finance display shows (domain rule with the dealer's settings). */
export function financeDataAssets({ site, cars, memo = createCarMemo() }: { site: Site; cars: Car[]; memo?: CarMemo }): Asset[] {
  const provider = site.config?.finance_provider ?? null;
  if (!provider) return [];
  const now = new Date(site.now);
  const entries: CarDataEntry[] = [];
  const context = memo.siteContext(site);
  for (const car of cars) {
    // Made from the car and the site at the build day (the finance rules' day): kept between builds (renderer/carMemo.ts).
    const json = memo.perCar({ car, name: 'financeData', context, stored: true, make: () => financeDataJson({ site, car, provider, now }) });
    if (json !== null) entries.push({ carId: car.id, json });
  }
  return carDataShardFiles({ folder: FINANCE_DATA_PATH, entries });
}

/** The finance data of one car as JSON, or null when its finance display does not show. */
function financeDataJson({ site, car, provider, now }: { site: Site; car: Car; provider: string; now: Date }): string | null {
  const display = siteFinanceDisplay({ site, car, now, provider });
  if (!display.show || !display.quote) return null;
  const { quote } = display;
  const lender = {
    disclaimer: quote.disclaimer ?? null,
    interestRate: quote.interestRate,
    comparisonRate: quote.comparisonRate,
    frequency: display.frequency ?? null,
    repayment: display.repayment ?? null,
  };
  return JSON.stringify({ car_id: car.id, finance_lenders: { [provider]: lender } });
}
