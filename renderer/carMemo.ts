/**
 * Per-car values kept between builds of one process (`forecourt dev`, the benchmark, a test's
 * build sequence), held against the car object itself.
 *
 * The identity contract (the one place it is written down): a CarMemo only hits when a build
 * hands it the very Car object an earlier build did. renderer/stockMemo.ts is what makes that
 * happen: it gives an unchanged feed row the same object in the next build, and a changed or
 * --full-read row a new object, whose values are then made again. Both therefore live in one
 * BuildSession (renderer/buildSession.ts): a memo without the stock memory of the same session
 * never hits across builds, and a stock memory without the memo only saves the parsing.
 *
 * A value also names what else it is made from (`context`: the site, the build day, the car's tag
 * banner, as the caller says); another context makes it again. Nothing here outlives its car (a
 * WeakMap), and nothing is kept for a car object no build reads again.
 */
import { createHash } from 'node:crypto';
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';

/** Values made from one car object, kept for as long as the car object lives. */
export interface CarMemo {
  /** The value `name` of `car` under `context`: the one made before for this car object and context, else `make()`. */
  perCar<T>(args: { car: Car; name: string; context: string; make: () => T }): T;
  /**
   * A context for values made from a car and the resolved site at the build day (the exact build
   * time only decides a car's tag banner, which the callers that show it add to the context).
   */
  siteContext(site: Pick<Site, 'now'>): string;
}

/** JSON with Maps and Sets spelled out (JSON.stringify writes them as {}). */
export function serialise(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v));
}

/** The UTC day of the build time: what the day rules (domain/openingHours.ts, domain/finance.ts) read of it. */
function buildDay(site: Pick<Site, 'now'>): string {
  return site.now.slice(0, 10);
}

/** A new, empty memo (renderer/buildSession.ts makes one per session). */
export function createCarMemo(): CarMemo {
  const values = new WeakMap<Car, Map<string, { context: string; value: unknown }>>();
  const siteContexts = new WeakMap<object, string>();
  return {
    perCar<T>({ car, name, context, make }: { car: Car; name: string; context: string; make: () => T }): T {
      let ofCar = values.get(car);
      if (!ofCar) values.set(car, (ofCar = new Map()));
      const kept = ofCar.get(name);
      if (kept && kept.context === context) return kept.value as T;
      const value = make();
      ofCar.set(name, { context, value });
      return value;
    },
    siteContext(site) {
      let context = siteContexts.get(site);
      if (context === undefined) {
        context = createHash('sha256')
          .update(serialise({ ...site, now: buildDay(site) }))
          .digest('base64url');
        siteContexts.set(site, context);
      }
      return context;
    },
  };
}
