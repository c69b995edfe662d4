/**
 * Distances and odometers (SPEC §9 "Distance, currency and locale"): the haversine distance and
 * km shown or typed in a region's unit. Apart from the region table so the browser code that
 * shows an odometer (car cards, the search filters) does not ship every region's row.
 */
import type { RegionSettings } from './site.ts';

/** SPEC §9 Earth radius for distances, in km. */
export const EARTH_RADIUS_KM = 6371;

/** Kilometres in a mile. */
export const KM_PER_MILE = 1.609344;

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

/** A distance in km expressed in the unit (whole miles for 'mile', the km unchanged otherwise). */
export function distanceInUnit({ km, unit }: { km: number; unit: RegionSettings['distance_unit'] }): number {
  return unit === 'mile' ? Math.round(km / KM_PER_MILE) : km;
}

/** A reading typed in the unit, as km (what feeds, the lead API and the offer rules use). */
export function kmFromUnit({ value, unit }: { value: number; unit: RegionSettings['distance_unit'] }): number {
  return unit === 'mile' ? Math.round(value * KM_PER_MILE) : value;
}

/** Short text of a distance unit: 'km' or 'mi'. */
export function unitAbbr(unit: RegionSettings['distance_unit']): string {
  return unit === 'mile' ? 'mi' : 'km';
}

/**
 * Odometer text in the region's distance unit (SPEC §9: kilometer, mile for US). Feeds give
 * `km`, so US sites show it converted to whole miles.
 */
export function formatOdometer({ km, locale, unit }: { km: number; locale: string; unit: RegionSettings['distance_unit'] }): string {
  return `${distanceInUnit({ km, unit }).toLocaleString(locale)} ${unitAbbr(unit)}`;
}
