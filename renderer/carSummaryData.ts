/**
 * The `car summary` assets: per visible car, an entry in the shard files under /data/cars
 * (domain/carDataShards.ts) with what a page reached by a link naming only the car id (the finance
 * page's ?car_id=) needs to show the car (name, photo, price) and to name it on the lead (SPEC §3
 * lead form values, domain/carLead.ts).
 */
import { carLeadFields, type CarLeadFields } from '../domain/carLead.ts';
import type { Site } from '../domain/site.ts';
import type { Car } from '../domain/types.ts';
import { formatPrice } from '../domain/price.ts';
import type { Asset } from './stage.ts';
import { createCarMemo, type CarMemo } from './carMemo.ts';
import { carName } from '../domain/carName.ts';
import { CAR_DATA_PATH } from '../ui/pages/FinancePage.tsx';
import { carDataShardFiles } from './carDataShardFiles.ts';

/** A car's entry in its /data/cars shard. */
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

/** The /data/cars shard files holding every visible car's summary. */
export function carSummaryAssets({ site, cars, memo = createCarMemo() }: { site: Site; cars: Car[]; memo?: CarMemo }): Asset[] {
  const context = memo.siteContext(site);
  // Each entry made from the car and the site: kept between builds (renderer/carMemo.ts).
  const entries = cars.map((car) => ({
    carId: car.id,
    json: memo.perCar({ car, name: 'carSummary', context, stored: true, make: () => JSON.stringify(carSummary({ site, car })) }),
  }));
  return carDataShardFiles({ folder: CAR_DATA_PATH, entries });
}
