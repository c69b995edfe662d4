/**
 * Trade-in button (SPEC §5).
 */
import type { Car } from './types.ts';
import { meetsTradeInPrice } from './price.ts';

/** The record's valuation setting: off, lead (the dealer prices it) or instant (a provider does). */
export type ValuationMode = 'off' | 'lead' | 'instant';

/** Whether the site has valuation pages at all (/valuations, /cars/trade-in) and links to them. */
export function offersValuations({ valuation }: { valuation?: ValuationMode | null }): boolean {
  return valuation !== 'off';
}

/**
 * Shown only when the site's autograb setting is on, status is in_stock, the car is not sold,
 * not reserved, and its price is above 200; never on a site whose valuation is off.
 */
export function showTradeInButton({
  car,
  autograb,
  valuation = 'lead',
}: {
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>;
  autograb: boolean | null | undefined;
  valuation?: ValuationMode;
}): boolean {
  return (
    offersValuations({ valuation }) &&
    autograb === true &&
    car.status === 'in_stock' &&
    car.sold !== true &&
    car.reserved !== true &&
    meetsTradeInPrice(car.price)
  );
}
