import { describe, expect, it } from 'vitest';
import { CAR_LEAD_FIELD_NAMES, carLeadFields } from './carLead.ts';

const car = { id: 9001, make: 'Land Rover', model: 'Defender 110', car_type: 'used' as const, status: 'in_stock' as const, stocknum: 'ST-1' };

describe('car lead fields (SPEC §3 lead form values)', () => {
  it('names the car: stock number, make, model, type, status and manufacturer slug', () => {
    expect(carLeadFields({ car })).toEqual({
      stock_number: 'ST-1',
      'Vehicle Make': 'Land Rover',
      'Vehicle Model': 'Defender 110',
      car_type: 'used',
      vehicle_status: 'in_stock',
      manufacturer_slug: 'land-rover',
    });
    expect(Object.keys(carLeadFields({ car }))).toEqual(CAR_LEAD_FIELD_NAMES);
  });
  it('falls back to the car id when the feed has no stock number (what the car page asks to quote)', () => {
    expect(carLeadFields({ car: { ...car, stocknum: null } }).stock_number).toBe('9001');
    expect(carLeadFields({ car: { ...car, stocknum: '  ' } }).stock_number).toBe('9001');
  });
  it('keeps coming soon and sold statuses as the feed has them', () => {
    expect(carLeadFields({ car: { ...car, status: 'coming_soon' } }).vehicle_status).toBe('coming_soon');
    expect(carLeadFields({ car: { ...car, status: 'sold' } }).vehicle_status).toBe('sold');
  });
});
