/**
 * Region settings (SPEC §9 "Distance, currency and locale"): locale, currency, phone rule,
 * distance unit and US spelling.
 */
import type { Region, RegionSettings } from './site.ts';

/** SPEC §9 Earth radius for distances, in km. */
export const EARTH_RADIUS_KM = 6371;

/** Kilometres in a mile. */
export const KM_PER_MILE = 1.609344;

// SPEC §9 names AUD for the Australian product; NZ and US sites get their own currency.
const SETTINGS: Record<Region, RegionSettings> = {
  AU: { region: 'AU', locale: 'en-AU', currency: 'AUD', distance_unit: 'kilometer', phone_rule: 'au', us_spelling: false },
  NZ: { region: 'NZ', locale: 'en-NZ', currency: 'NZD', distance_unit: 'kilometer', phone_rule: 'nz', us_spelling: false },
  US: { region: 'US', locale: 'en-US', currency: 'USD', distance_unit: 'mile', phone_rule: 'us', us_spelling: true },
};

/** The defaults a region brings (unknown regions get AU's). */
export function regionSettings(region: Region): RegionSettings {
  return { ...(SETTINGS[region] ?? SETTINGS.AU) };
}

// SPEC §9 US spelling swaps: colour, personalised, enquiry, enquire (and their inflections).
const SWAPS: [RegExp, string][] = [
  [/colour/gi, 'color'],
  [/personalis/gi, 'personaliz'],
  [/enquir/gi, 'inquir'],
];

function matchCase(found: string, replacement: string): string {
  if (found === found.toUpperCase()) return replacement.toUpperCase();
  if (found[0] === found[0].toUpperCase()) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Text with US spelling for region US (Colour -> Color, Enquire Now -> Inquire Now), unchanged elsewhere. */
export function spell({ text, region }: { text: string; region: Region }): string {
  if (region !== 'US') return text;
  return SWAPS.reduce((out, [pattern, replacement]) => out.replace(pattern, (found) => matchCase(found, replacement)), String(text ?? ''));
}

/** A point on Earth. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle (haversine) distance with R = 6371 km, in kilometres or miles. */
export function distance({ from, to, unit = 'kilometer' }: { from: LatLng; to: LatLng; unit?: 'kilometer' | 'mile' }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  return unit === 'mile' ? km / KM_PER_MILE : km;
}

/**
 * Odometer text in the region's distance unit (SPEC §9: kilometer, mile for US). Feeds give
 * `km`, so US sites show it converted to whole miles.
 */
export function formatOdometer({ km, locale, unit }: { km: number; locale: string; unit: RegionSettings['distance_unit'] }): string {
  const value = unit === 'mile' ? Math.round(km / KM_PER_MILE) : km;
  return `${value.toLocaleString(locale)} ${unit === 'mile' ? 'mi' : 'km'}`;
}
