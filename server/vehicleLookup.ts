/**
 * The local stand-in for the rego lookup (POST /api/simple-autograb-lookup) and the trade-in
 * offer (POST/PUT /api/valuations). SPEC §7 does not show what the real services answer, so the
 * preview server derives plausible, fully deterministic data from the rego: the same rego and
 * state always give the same vehicle and offer, with no clock and no randomness.
 */

import { byVin, normaliseRego } from '../domain/valuationVehicle.ts';
import { fnv1a } from '../domain/stableHash.ts';

/** Model year the deterministic depreciation counts from (fixed so answers never change). */
export const REFERENCE_YEAR = 2025;

/** The vehicle a rego resolves to. */
export interface LookedUpVehicle {
  rego: string;
  regoState: string;
  make: string;
  model: string;
  badge: string;
  year: number;
  body: string;
  fuel: string;
  transmission: string;
  colour: string;
  vin: string;
  /** Estimated odometer. */
  km: number;
  /** Estimated retail value in whole dollars. */
  market_price: number;
  /** Price of the model when new, the base of `market_price`. */
  new_price: number;
}

const CATALOGUE = [
  { make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', body: 'Hatchback', fuel: 'Petrol', newPrice: 30990 },
  { make: 'Toyota', model: 'RAV4', badge: 'GX', body: 'SUV', fuel: 'Hybrid', newPrice: 41990 },
  { make: 'Toyota', model: 'HiLux', badge: 'SR5', body: 'Ute', fuel: 'Diesel', newPrice: 62990 },
  { make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', body: 'SUV', fuel: 'Petrol', newPrice: 42990 },
  { make: 'Mazda', model: '3', badge: 'G20 Pure', body: 'Sedan', fuel: 'Petrol', newPrice: 32990 },
  { make: 'Ford', model: 'Ranger', badge: 'XLT', body: 'Ute', fuel: 'Diesel', newPrice: 66990 },
  { make: 'Hyundai', model: 'i30', badge: 'Active', body: 'Hatchback', fuel: 'Petrol', newPrice: 28990 },
  { make: 'Kia', model: 'Sportage', badge: 'S', body: 'SUV', fuel: 'Petrol', newPrice: 36990 },
  { make: 'Subaru', model: 'Outback', badge: 'AWD', body: 'Wagon', fuel: 'Petrol', newPrice: 45990 },
  { make: 'Mitsubishi', model: 'Triton', badge: 'GLX+', body: 'Ute', fuel: 'Diesel', newPrice: 48990 },
  { make: 'Volkswagen', model: 'Golf', badge: '110TSI Life', body: 'Hatchback', fuel: 'Petrol', newPrice: 36990 },
  { make: 'Tesla', model: 'Model 3', badge: 'Rear-Wheel Drive', body: 'Sedan', fuel: 'Electric', newPrice: 54900 },
] as const;
const COLOURS = ['White', 'Silver', 'Black', 'Grey', 'Blue', 'Red'] as const;

/** The vehicle registered as `rego` in `regoState`, or with `vin` (check with domain registrationErrors first). */
export function lookupVehicle({ rego, regoState, vin }: { rego?: string; regoState?: string; vin?: string | null }): LookedUpVehicle {
  const vinKey = byVin(vin) ? vin.trim().toUpperCase() : null;
  const plate = vinKey ? '' : normaliseRego(rego ?? '');
  const state = vinKey ? '' : (regoState ?? '').toUpperCase();
  const hash = fnv1a(vinKey ?? `${plate}|${state}`);
  const entry = CATALOGUE[hash % CATALOGUE.length];
  const age = (hash >>> 4) % 13; // 0..12 years old
  const year = REFERENCE_YEAR - age;
  const km = Math.max(age, 1) * (9000 + ((hash >>> 8) % 12) * 1000);
  return {
    rego: plate,
    regoState: state,
    make: entry.make,
    model: entry.model,
    badge: entry.badge,
    year,
    body: entry.body,
    fuel: entry.fuel,
    transmission: (hash >>> 12) % 5 === 0 ? 'Manual' : 'Automatic',
    colour: COLOURS[(hash >>> 16) % COLOURS.length],
    vin: vinKey ?? vinFor(hash, plate),
    km,
    market_price: marketPrice({ newPrice: entry.newPrice, year, km }),
    new_price: entry.newPrice,
  };
}

/**
 * A car the shopper described without its rego (check with domain valuationVehicleErrors first):
 * its make, model, year and odometer as given; the price new is the catalogue's for that make and
 * model, else a stable figure derived from the words (a plausible base, no randomness).
 */
export function describedVehicle({ make, model, year, km }: { make: string; model: string; year: number; km: number }): LookedUpVehicle {
  const words = { make: make.trim(), model: model.trim() };
  const known = CATALOGUE.find((entry) => entry.make.toLowerCase() === words.make.toLowerCase() && entry.model.toLowerCase() === words.model.toLowerCase());
  const newPrice = known?.newPrice ?? 25_000 + (fnv1a(`${words.make}|${words.model}`.toLowerCase()) % 41) * 1000;
  return {
    rego: '',
    regoState: '',
    make: known?.make ?? words.make,
    model: known?.model ?? words.model,
    badge: '',
    year,
    body: known?.body ?? '',
    fuel: known?.fuel ?? '',
    transmission: '',
    colour: '',
    vin: '',
    km,
    market_price: marketPrice({ newPrice, year, km }),
    new_price: newPrice,
  };
}

/** Retail value: 15% off the first year, 10% a year after that, 1% per 10,000 km over 15,000 km a year. */
export function marketPrice({ newPrice, year, km }: { newPrice: number; year: number; km: number }): number {
  const age = Math.max(REFERENCE_YEAR - year, 0);
  let value = newPrice * (age === 0 ? 1 : 0.85 * 0.9 ** (age - 1));
  const excessKm = Math.max(km - Math.max(age, 1) * 15_000, 0);
  value *= Math.max(1 - Math.floor(excessKm / 10_000) * 0.01, 0.5);
  return roundTo100(value);
}

/** The first offer: a trade price of 80% of the retail value. */
export function initialOffer({ marketPrice: retail }: { marketPrice: number }): number {
  return roundTo100(retail * 0.8);
}

/**
 * The offer after the condition questions. Answers may be an object or a list of
 * {question|key, answer|value}; recognised: condition (excellent/good/fair/poor), anything
 * about damage, accidents, warning lights or mechanical issues answered yes (-10% each), service
 * history answered no (-5%). Unrecognised answers do not move the offer.
 */
export function adjustedOffer({ baseOffer, adjustmentAnswers }: { baseOffer: number; adjustmentAnswers: unknown }): number {
  let factor = 1;
  for (const [question, answer] of answerPairs(adjustmentAnswers)) {
    const q = question.toLowerCase();
    const a = typeof answer === 'string' ? answer.trim().toLowerCase() : answer;
    const yes = a === true || a === 'yes' || a === 'true';
    const no = a === false || a === 'no' || a === 'false';
    if (q.includes('condition') && typeof a === 'string') {
      factor *= ({ excellent: 1, good: 0.95, fair: 0.85, poor: 0.7 } as Record<string, number>)[a] ?? 1;
    } else if (/damage|accident|warning|mechanical|hail|rust/.test(q) && yes) {
      factor *= 0.9;
    } else if (q.includes('service') && no) {
      factor *= 0.95;
    }
  }
  return roundTo100(baseOffer * factor);
}

function answerPairs(answers: unknown): [string, unknown][] {
  if (Array.isArray(answers)) {
    return answers.flatMap((item) => {
      if (typeof item !== 'object' || item === null) return [];
      const record = item as Record<string, unknown>;
      const question = record.question ?? record.key ?? record.name ?? record.id;
      return typeof question === 'string' ? [[question, record.answer ?? record.value] as [string, unknown]] : [];
    });
  }
  if (typeof answers === 'object' && answers !== null) return Object.entries(answers);
  return [];
}

function roundTo100(value: number): number {
  return Math.max(Math.round(value / 100) * 100, 0);
}

function vinFor(hash: number, plate: string): string {
  // 17 characters, VIN alphabet (no I, O, Q), derived from the hash and the plate.
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let state = hash || 1;
  let vin = '';
  for (let i = 0; i < 17; i++) {
    state = fnv1a(`${state}${plate}${i}`);
    vin += alphabet[state % alphabet.length];
  }
  return vin;
}
