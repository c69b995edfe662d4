import { describe, expect, it } from 'vitest';
import { adjustedOffer, describedVehicle, initialOffer, lookupVehicle, marketPrice, REFERENCE_YEAR } from './vehicleLookup.ts';

describe('lookupVehicle', () => {
  it('is deterministic and ignores case and spacing', () => {
    const a = lookupVehicle({ rego: 'abc 123', regoState: 'qld' });
    expect(lookupVehicle({ rego: 'ABC-123', regoState: 'QLD' })).toEqual(a);
    expect(a.rego).toBe('ABC123');
    expect(a.regoState).toBe('QLD');
  });

  it('gives plausible vehicles that differ between regos', () => {
    const vehicles = ['AAA111', 'BBB222', 'CCC333', 'DDD444', 'EEE555', 'FFF666'].map((rego) => lookupVehicle({ rego, regoState: 'NSW' }));
    expect(new Set(vehicles.map((v) => `${v.make} ${v.model} ${v.year}`)).size).toBeGreaterThan(1);
    for (const v of vehicles) {
      expect(v.year).toBeGreaterThanOrEqual(REFERENCE_YEAR - 12);
      expect(v.year).toBeLessThanOrEqual(REFERENCE_YEAR);
      expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(v.market_price).toBeGreaterThan(0);
      expect(v.market_price).toBeLessThanOrEqual(v.new_price);
    }
  });

  it('depends on the state as well as the plate', () => {
    const states = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS'].map((regoState) => lookupVehicle({ rego: 'XYZ789', regoState }).vin);
    expect(new Set(states).size).toBe(states.length);
  });
});

describe('lookupVehicle by VIN', () => {
  it('looks a VIN up deterministically and keeps it', () => {
    const vehicle = lookupVehicle({ vin: '1hgcm82633a004352' });
    expect(vehicle).toEqual(lookupVehicle({ vin: '1HGCM82633A004352' }));
    expect(vehicle).toMatchObject({ vin: '1HGCM82633A004352', rego: '', regoState: '' });
  });
});

describe('describedVehicle', () => {
  it('values a car described without its rego from its make, model, year and odometer', () => {
    const corolla = describedVehicle({ make: ' toyota ', model: 'COROLLA', year: 2020, km: 60_000 });
    expect(corolla).toMatchObject({ rego: '', regoState: '', make: 'Toyota', model: 'Corolla', year: 2020, km: 60_000, new_price: 30990 });
    expect(corolla.market_price).toBe(marketPrice({ newPrice: 30990, year: 2020, km: 60_000 }));
    // A make and model the catalogue lacks still gets a stable price, the same every time.
    const other = describedVehicle({ make: 'Lada', model: 'Niva', year: 2010, km: 150_000 });
    expect(describedVehicle({ make: 'lada', model: 'niva', year: 2010, km: 150_000 }).market_price).toBe(other.market_price);
    expect(other.market_price).toBeGreaterThan(0);
  });
});

describe('prices and offers', () => {
  it('depreciates with age and excess km, rounded to $100', () => {
    expect(marketPrice({ newPrice: 40000, year: REFERENCE_YEAR, km: 10000 })).toBe(40000);
    expect(marketPrice({ newPrice: 40000, year: REFERENCE_YEAR - 1, km: 15000 })).toBe(34000);
    expect(marketPrice({ newPrice: 40000, year: REFERENCE_YEAR - 2, km: 30000 })).toBe(30600);
    // 20,000 km over the 30,000 expected for two years: 2% off.
    expect(marketPrice({ newPrice: 40000, year: REFERENCE_YEAR - 2, km: 50000 })).toBe(30000);
    expect(initialOffer({ marketPrice: 30600 })).toBe(24500);
  });

  it('adjusts the offer from condition answers, object or list form', () => {
    expect(adjustedOffer({ baseOffer: 20000, adjustmentAnswers: {} })).toBe(20000);
    expect(adjustedOffer({ baseOffer: 20000, adjustmentAnswers: { condition: 'poor' } })).toBe(14000);
    expect(adjustedOffer({ baseOffer: 20000, adjustmentAnswers: { accident_damage: 'Yes', service_history: false } })).toBe(17100);
    expect(
      adjustedOffer({
        baseOffer: 20000,
        adjustmentAnswers: [
          { question: 'Any hail damage?', answer: true },
          { key: 'colour', value: 'red' },
        ],
      }),
    ).toBe(18000);
    expect(adjustedOffer({ baseOffer: 20000, adjustmentAnswers: { accident_damage: 'no' } })).toBe(20000);
  });
});
