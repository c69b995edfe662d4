/**
 * The stock a brand, model, electric or location page shows, found by one function each that the page
 * renders from and renderer/routes.ts declares as what the page reads (so an incremental build
 * reuses the page while these are unchanged, and the two cannot disagree).
 */
import type { Car, Location, Manufacturer, Model } from '../../../domain/types.ts';
import type { SiteData } from '../../pageProps.ts';
import { spelledAs } from '../../search/searchScope.ts';
import { carTag } from '../../../domain/carTag.ts';
import { isForSale } from '../../../domain/visibility.ts';

/** Cars a brand, model or electric page lists: whole rows of the card grid at one to four columns (the rest are a search away). */
const LISTED = 24;

/** A page's stock: every car it counts and the first of them it lists. */
export interface PageStock {
  all: Car[];
  listed: Car[];
}

function pageStock(all: Car[]): PageStock {
  return { all, listed: all.slice(0, LISTED) };
}

/** The stock of a make: its spellings in stock as a search scope finds them (not a slug per car per page). */
export function brandStock({ manufacturer, data }: { manufacturer: Manufacturer; data: Pick<SiteData, 'cars' | 'spellings'> }): PageStock {
  const makes = new Set(spelledAs({ spellings: data.spellings.make, value: manufacturer.name }));
  return pageStock(data.cars.filter((car) => makes.has(car.make)));
}

/** The stock of a model: the make's and the model's spellings in stock. */
export function modelStock({ model, data }: { model: Model; data: Pick<SiteData, 'cars' | 'spellings'> }): PageStock {
  const makes = new Set(spelledAs({ spellings: data.spellings.make, value: model.manufacturer_name }));
  const models = new Set(spelledAs({ spellings: data.spellings.model, value: model.name }));
  return pageStock(data.cars.filter((car) => makes.has(car.make) && models.has(car.model)));
}

/** The electric and the hybrid stock for sale, as the tag rule (domain/carTag.ts) recognises them on cards. */
export function electrifiedStock({ cars, now }: { cars: readonly Car[]; now: Date }): { electric: PageStock; hybrid: PageStock } {
  const electric: Car[] = [];
  const hybrid: Car[] = [];
  for (const car of cars) {
    if (!isForSale(car)) continue;
    const kind = carTag({ car, now, electricHybridTag: true })?.kind;
    if (kind === 'electric') electric.push(car);
    else if (kind === 'hybrid') hybrid.push(car);
  }
  return { electric: pageStock(electric), hybrid: pageStock(hybrid) };
}

/** The fuel types of a list as the stock spells them (the search for all of its cars refines by them). */
export function fuelSpellings(stock: PageStock): string[] {
  return [...new Set(stock.all.map((car) => car.simple_fuel).filter((fuel): fuel is string => typeof fuel === 'string'))];
}

/** How many cars are at a location. */
export function locationStockCount({ location, data }: { location: Location; data: Pick<SiteData, 'cars'> }): number {
  return data.cars.filter((car) => car.location?.id === location.id).length;
}
