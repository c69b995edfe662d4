/**
 * The cars a sold car's page offers instead: cars for sale of the same make and model first,
 * then of the same make, then of the same body style, each group in the order given (the
 * site's ranking), at most `limit`.
 */
import type { Car } from './types.ts';
import { isForSale } from './visibility.ts';

/** How many similar cars a sold car's page shows. */
export const SIMILAR_CARS_LIMIT = 3;

/** Up to `limit` cars for sale like `car` (never `car` itself). */
export function similarCars({ car, cars, limit = SIMILAR_CARS_LIMIT }: { car: Car; cars: readonly Car[]; limit?: number }): Car[] {
  // Equal strings first, and only strings of one length lower-cased (a sold car's page scans the
  // stock): lower-casing keeps the length of every make, model and body name (not of a dotted capital I).
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    Boolean(a && b && (a === b || (a.length === b.length && a.toLowerCase() === b.toLowerCase())));
  const tiers = [
    (other: Car) => same(other.make, car.make) && same(other.model, car.model),
    (other: Car) => same(other.make, car.make),
    (other: Car) => same(other.simple_body, car.simple_body),
  ];
  const picked: Car[] = [];
  // Each tier scans the stock only until the list is full (a page per sold car: no pass over all stock up front).
  for (const tier of tiers)
    for (const other of cars) {
      if (picked.length >= limit) return picked;
      if (other.id !== car.id && tier(other) && isForSale(other) && !picked.includes(other)) picked.push(other);
    }
  return picked;
}
