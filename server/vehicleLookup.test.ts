import { describe, expect, it } from 'vitest';
import { adjustedOffer, initialOffer, lookupVehicle, marketPrice, normaliseRego, REFERENCE_YEAR, regoErrors } from './vehicleLookup.ts';

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

describe('regoErrors', () => {
  it.each([
    [{ rego: 'ABC123', regoState: 'VIC' }, []],
    [{ rego: 'ab c-12', regoState: 'nz', region: 'NZ' }, []],
    [{ rego: 'ab c-12', regoState: 'nz' }, ['regoState']],
    [{ rego: 'ABC123', regoState: 'VIC', region: 'NZ' }, ['regoState']],
    [{ rego: '7ABC123', regoState: 'ID', region: 'US' }, []],
    [{ rego: '7ABC123', regoState: 'DC', region: 'US' }, []],
    [{ rego: '7ABC123', regoState: 'NSW', region: 'US' }, ['regoState']],
    [{ rego: '', regoState: '', vin: '1HGCM82633A004352', region: 'US' }, []],
    [{ rego: '', regoState: '', vin: '1HGCM82633A00435', region: 'US' }, ['vin']],
    [{ rego: '', regoState: '', vin: '1HGCM82633A00435O', region: 'US' }, ['vin']],
    // AU and NZ take no VIN: the plate and state are still asked.
    [{ rego: '', regoState: '', vin: '1HGCM82633A004352', region: 'AU' }, ['rego', 'regoState']],
    [{ rego: '', regoState: 'VIC' }, ['rego']],
    [{ rego: 'TOOLONGREGO', regoState: 'VIC' }, ['rego']],
    [{ rego: 'AB$12', regoState: 'VIC' }, ['rego']],
    [{ rego: 'ABC123', regoState: 'XX' }, ['regoState']],
    [{ rego: 12, regoState: null }, ['rego', 'regoState']],
  ] as const)('%j -> %j', (input, fields) => {
    expect(Object.keys(regoErrors(input))).toEqual(fields);
  });
  it('looks a VIN up deterministically and keeps it', () => {
    const vehicle = lookupVehicle({ vin: '1hgcm82633a004352' });
    expect(vehicle).toEqual(lookupVehicle({ vin: '1HGCM82633A004352' }));
    expect(vehicle).toMatchObject({ vin: '1HGCM82633A004352', rego: '', regoState: '' });
  });
  it('normalises plates', () => expect(normaliseRego(' ab-1 2 ')).toBe('AB12'));
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
