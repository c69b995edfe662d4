/**
 * Cars with their photos set, kept per stock Car object for the builds of one session
 * (renderer/buildSession.ts). The per-car memo (renderer/carMemo.ts) is keyed by Car object: a
 * car given a new object on every build would never hit it, so a car whose photos came out the
 * same as last build gets the very object it got then.
 */
import type { ResponsiveImage } from '../../domain/responsiveImage.ts';
import type { Car } from '../../domain/types.ts';

/** The car with photos each stock Car object was last given. */
export type PhotoCarMemory = WeakMap<Car, Car>;

/** `car` with `photos` set: last build's object when `memory` holds one made from the same photos (compared only then: the first build of a session compares nothing). */
export function carWithPhotos({ car, photos, memory }: { car: Car; photos: ResponsiveImage[]; memory?: PhotoCarMemory }): Car {
  const known = memory?.get(car);
  if (known && JSON.stringify(known.photos) === JSON.stringify(photos)) return known;
  const next = { ...car, photos };
  memory?.set(car, next);
  return next;
}
