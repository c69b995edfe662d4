/**
 * Cars with their photos set, kept per stock Car object for the builds of one session
 * (renderer/buildSession.ts). The per-car memo (renderer/carMemo.ts) is keyed by Car object: a
 * car given a new object on every build would never hit it, so a car whose photos came out the
 * same as last build gets the very object it got then.
 */
import type { ResponsiveImage } from '../../domain/responsiveImage.ts';
import type { Car } from '../../domain/types.ts';

/**
 * Under a stock Car object: the car with photos it was last given (`car`) and the photos' JSON it
 * was made from. Under a car with photos: the stock car it was made from (`from`) and the same JSON,
 * so the per-car memo hashes it from those (renderer/carMemo.ts carHash) without writing it out
 * again: the JSON is made once per car and build, here.
 */
export type PhotoCarMemory = WeakMap<Car, PhotoCarEntry>;

/** One entry of a PhotoCarMemory (see there). */
export interface PhotoCarEntry {
  photos: string;
  car?: Car;
  from?: Car;
  /** Under a stock Car object: what its photos were made from besides the car (see carWithPhotosOf). */
  madeFrom?: string;
}

/**
 * `car` with the photos `make` returns, or `car` itself when it has none. When the session gave this
 * stock car its photos before from the same `madeFrom` (what they are made of besides the car: the
 * image settings, a hash of the signing secrets), that car is returned without making them again:
 * 5,000 cars' photo URLs cost a rebuild about 100 ms. A null `madeFrom` (unknown) always makes them.
 */
export function carWithPhotosOf({
  car,
  madeFrom,
  make,
  memory,
}: {
  car: Car;
  madeFrom: string | null;
  make: () => ResponsiveImage[];
  memory?: PhotoCarMemory;
}): Car {
  const known = memory?.get(car);
  if (madeFrom !== null && known?.car && known.madeFrom === madeFrom) return known.car;
  const photos = make();
  if (!photos.length) return car;
  const next = carWithPhotos({ car, photos, memory });
  const entry = memory?.get(car);
  if (entry && madeFrom !== null) entry.madeFrom = madeFrom;
  return next;
}

/** `car` with `photos` set: last build's object when `memory` holds one made from the same photos. */
export function carWithPhotos({ car, photos, memory }: { car: Car; photos: ResponsiveImage[]; memory?: PhotoCarMemory }): Car {
  const key = JSON.stringify(photos);
  const known = memory?.get(car);
  if (known?.car && known.photos === key) return known.car;
  const next = { ...car, photos };
  memory?.set(car, { photos: key, car: next });
  memory?.set(next, { photos: key, from: car });
  return next;
}
