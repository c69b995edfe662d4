/**
 * The `finance data` assets: per car with a finance display, a small JSON file at
 * /data/finance/{car id}.json shaped like SPEC §7's finance disclaimer answer
 * ({finance_lenders: {[provider]: {disclaimer, ...}}}), so the finance page can fetch the
 * disclaimer by car id from the static site (SPEC §7 "Finance disclaimer fetch by car id").
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import { financeDisplay } from '../domain/finance.ts';
import type { Asset } from './stage.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';

/** Site path of a car's finance data. */
export function financeDataPath(carId: number): string {
  return `/data/finance/${carId}.json`;
}

/** One asset per visible car whose finance display shows (domain rule with the dealer's settings). */
export function financeDataAssets({ site, cars, memo = createCarMemo() }: { site: Site; cars: Car[]; memo?: CarMemo }): Asset[] {
  const provider = site.config?.finance_provider ?? null;
  if (!provider) return [];
  const now = new Date(site.now);
  const assets: Asset[] = [];
  const context = memo.siteContext(site);
  for (const car of cars) {
    // Made from the car and the site at the build day (the finance rules' day): kept between builds (renderer/carMemo.ts).
    const asset = memo.perCar({ car, name: 'financeData', context, make: () => financeDataAsset({ site, car, provider, now }) });
    if (asset) assets.push(asset);
  }
  return assets;
}

/** The finance data of one car, or null when its finance display does not show. */
function financeDataAsset({ site, car, provider, now }: { site: Site; car: Car; provider: string; now: Date }): Asset | null {
  const display = financeDisplay({
    car,
    provider,
    disabledMakes: site.rules.finance_disabled_makes,
    disabledDealershipIds: site.rules.finance_disabled_dealership_ids,
    disabledDealershipSlugs: site.rules.finance_disabled_dealership_slugs,
    now,
  });
  if (!display.show || !display.quote) return null;
  const { quote } = display;
  const lender = {
    disclaimer: quote.disclaimer ?? null,
    interestRate: quote.interestRate,
    comparisonRate: quote.comparisonRate,
    frequency: display.frequency ?? null,
    repayment: display.repayment ?? null,
  };
  return { path: financeDataPath(car.id).slice(1), contents: JSON.stringify({ car_id: car.id, finance_lenders: { [provider]: lender } }) };
}
