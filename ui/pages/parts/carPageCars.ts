/**
 * The other cars a car's page shows, by the domain rules: the next cars of its model (every car
 * of a model is linked from another one's page) and, for a sold car, similar cars for sale. The
 * page renders them and renderer/pageInputs.ts hashes them, so the two cannot disagree.
 */
import type { Car } from '../../../domain/types.ts';
import { similarCars } from '../../../domain/similarCars.ts';
import { modelKey, nextInGroup } from '../../../domain/stockLinks.ts';
import { isForSale, isSold } from '../../../domain/visibility.ts';
import type { SiteData } from '../../pageProps.ts';

/** The cars `car`'s page shows besides itself. */
export function carPageCars({ car, data }: { car: Car; data: Pick<SiteData, 'cars' | 'carsOfModel'> }): { more: Car[]; similar: Car[] } {
  return {
    more: nextInGroup({ car, group: data.carsOfModel.get(modelKey(car)) ?? [] }),
    similar: !isForSale(car) && isSold(car) ? similarCars({ car, cars: data.cars }) : [],
  };
}
