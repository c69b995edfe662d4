/**
 * Below-market indicator (SPEC §4, §9): more than $499 under the market price.
 */
import type { Car } from './types.ts';
import { isRealPrice } from './price.ts';

/** SPEC §9: the car must be priced more than this under the market price. */
export const BELOW_MARKET_MARGIN = 499;

/** `amount` is how far under the reference the car is priced, when below. */
export interface BelowMarket {
  below: boolean;
  amount: number | null;
  reference: 'state' | 'national' | null;
}

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Compares the price with the state average market price, falling back to the national
 * average when the state figure is missing. `reference` says which figure was used (null when
 * neither exists); a car without a real price is never below market.
 */
export function belowMarket({ car }: { car: Pick<Car, 'price' | 'autograb_data'> }): BelowMarket {
  const state = car.autograb_data?.state_average_market_price;
  const national = car.autograb_data?.average_market_price;
  const reference = positive(state) ? 'state' : positive(national) ? 'national' : null;
  if (reference === null) return { below: false, amount: null, reference };
  const market = reference === 'state' ? (state as number) : (national as number);
  const under = market - car.price;
  const below = isRealPrice(car.price) && under > BELOW_MARKET_MARGIN;
  return { below, amount: below ? under : null, reference };
}
