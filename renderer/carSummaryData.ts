/**
 * The `car summary` assets: per visible car, /data/cars/{car id}.json with what a page reached by
 * a link naming only the car id (the finance page's ?car_id=) needs to show the car (name, photo,
 * price) and to name it on the lead (SPEC §3 lead form values, domain/carLead.ts).
 */
import { carLeadFields, type CarLeadFields } from '../domain/carLead.ts';
import type { Site } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { formatPrice } from '../domain/price.ts';
import type { Asset } from './stage.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { carName } from '../domain/carName.ts';

/** Site path of a car's summary (the finance page fetches it). */
export function carSummaryPath(carId: number): string {
  return `/data/cars/${carId}.json`;
}

/** What /data/cars/{id}.json holds. */
export interface CarSummary {
  id: number;
  dealership_id: number;
  name: string;
  image: string | null;
  /** The price as the site shows it ('$28,990'), or null when the car has none above 0. */
  price: string | null;
  lead: CarLeadFields;
}

/** The summary of one car. */
export function carSummary({ site, car }: { site: Site; car: Car }): CarSummary {
  return {
    id: car.id,
    dealership_id: car.dealership_id,
    name: carName({ car }),
    image: car.images?.[0]?.image.url ?? car.primary_image_url ?? null,
    price: car.price > 0 ? formatPrice({ amount: car.price, locale: site.regionSettings.locale, currency: site.regionSettings.currency }) : null,
    lead: carLeadFields({ car }),
  };
}

/** One asset per visible car. */
export function carSummaryAssets({ site, cars, memo = createCarMemo() }: { site: Site; cars: Car[]; memo?: CarMemo }): Asset[] {
  const context = memo.siteContext(site);
  // Made from the car and the site: kept between builds (renderer/carMemo.ts).
  return cars.map((car) =>
    memo.perCar({
      car,
      name: 'carSummary',
      context,
      make: () => ({ path: carSummaryPath(car.id).slice(1), contents: JSON.stringify(carSummary({ site, car })) }),
    }),
  );
}
