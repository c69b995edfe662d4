/**
 * The car a lead is about, in SPEC §3's lead form values (stock_number, 'Vehicle Make',
 * 'Vehicle Model', car_type, vehicle_status, manufacturer_slug), so whoever reads a lead made
 * from a car knows the car without looking it up. Every car form (enquiry, test drive, request
 * photos, finance, trade-in, reserve) sends these with car_id.
 */
import type { Car } from './types.ts';
import { slugify } from './slug.ts';

/** The car's fields a lead carries. */
export interface CarLeadFields {
  stock_number: string;
  'Vehicle Make': string;
  'Vehicle Model': string;
  car_type: string;
  vehicle_status: string;
  manufacturer_slug: string;
}

/** The names of {@link CarLeadFields}, in SPEC §3's order. */
export const CAR_LEAD_FIELD_NAMES: readonly (keyof CarLeadFields)[] = [
  'stock_number',
  'Vehicle Make',
  'Vehicle Model',
  'car_type',
  'vehicle_status',
  'manufacturer_slug',
];

/**
 * The lead values of `car`. The stock number falls back to the car id (what the car page asks
 * the shopper to quote when the feed has no stock number); the manufacturer slug is the make's slug.
 */
export function carLeadFields({ car }: { car: Pick<Car, 'id' | 'make' | 'model' | 'car_type' | 'status' | 'stocknum'> }): CarLeadFields {
  return {
    stock_number: car.stocknum && car.stocknum.trim() !== '' ? car.stocknum : String(car.id),
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    vehicle_status: car.status,
    manufacturer_slug: slugify(car.make),
  };
}
