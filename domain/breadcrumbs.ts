/**
 * Breadcrumbs of a car page: Home, the make's search, the make and model's search, the car.
 * The page shows them as links and its BreadcrumbList structured data lists the same trail, so
 * the make and model searches are linked from every car of theirs.
 */
import type { Car } from './types.ts';
import { HOME_PATH, carPath, makeSearchPath } from './routes/paths.ts';
import { carName } from './carName.ts';

/** One step of a trail: its name and path (the last step is the page itself). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The trail of a car page. The make and model steps are left out when the car has no make or
 * model (their search pages are only planned for makes and models in stock).
 */
export function carBreadcrumbs({ car }: { car: Pick<Car, 'make' | 'model' | 'slug' | 'year' | 'badge'> }): Crumb[] {
  const crumbs: Crumb[] = [{ name: 'Home', path: HOME_PATH }];
  if (car.make) {
    crumbs.push({ name: car.make, path: makeSearchPath({ make: car.make }) });
    if (car.model) crumbs.push({ name: car.model, path: makeSearchPath({ make: car.make, model: car.model }) });
  }
  crumbs.push({ name: carName({ car }), path: carPath(car) });
  return crumbs;
}
