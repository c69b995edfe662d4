/**
 * Trade-in button (SPEC §5).
 */
import type { Car } from './types.ts';
import { meetsTradeInPrice } from './price.ts';

/**
 * Shown only when the site's autograb setting is on, status is in_stock, the car is not sold,
 * not reserved, and its price is above 200.
 */
export function showTradeInButton({
  car,
  autograb,
}: {
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>;
  autograb: boolean | null | undefined;
}): boolean {
  return autograb === true && car.status === 'in_stock' && car.sold !== true && car.reserved !== true && meetsTradeInPrice(car.price);
}
