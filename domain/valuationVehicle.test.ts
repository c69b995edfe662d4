import { describe, expect, it } from 'vitest';
import { MESSAGES } from './formMessages.ts';
import { YEAR_MESSAGE } from './formRules.ts';
import { describedVehicleErrors, isDescribedVehicle, normaliseRego, registrationErrors, valuationVehicleErrors } from './valuationVehicle.ts';

describe('registrationErrors', () => {
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
    expect(Object.keys(registrationErrors(input))).toEqual(fields);
  });
  it('normalises plates', () => expect(normaliseRego(' ab-1 2 ')).toBe('AB12'));
});

const CURRENT_YEAR = new Date().getUTCFullYear();

describe('describedVehicleErrors (a car without its rego)', () => {
  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ make: 'Toyota', model: 'Corolla', year: '2019' }, {}],
    [{ make: 'Toyota', model: 'Corolla', year: 2019 }, {}],
    [{ make: 'Toyota', model: 'Corolla', year: '1900' }, {}],
    [{ make: 'Toyota', model: 'Corolla', year: '1899' }, { year: YEAR_MESSAGE }],
    [{ make: 'Toyota', model: 'Corolla', year: String(CURRENT_YEAR + 1) }, {}],
    [{ make: 'Toyota', model: 'Corolla', year: String(CURRENT_YEAR + 2) }, { year: YEAR_MESSAGE }],
    [{ make: 'Toyota', model: 'Corolla', year: '19' }, { year: YEAR_MESSAGE }],
    [
      { make: ' ', model: '', year: '' },
      { make: MESSAGES.required, model: MESSAGES.required, year: MESSAGES.required },
    ],
  ])('%j -> %j', (values, errors) => expect(describedVehicleErrors({ values })).toEqual(errors));
});

describe('valuationVehicleErrors (SPEC §5: rego is optional)', () => {
  const described = { make: 'Toyota', model: 'Corolla', year: 2019, km: 80_000 };
  it.each<[string, Record<string, unknown>, 'AU' | 'NZ' | 'US', string[]]>([
    ['make, model, year and odometer suffice', described, 'AU', []],
    ['the same on a NZ site', described, 'NZ', []],
    ['and a US site', described, 'US', []],
    ['an odometer of 0', { ...described, km: 0 }, 'AU', []],
    ['no odometer', { ...described, km: undefined }, 'AU', ['km']],
    ['an odometer that is not a whole number', { ...described, km: 1.5 }, 'AU', ['km']],
    ['a negative odometer', { ...described, km: -1 }, 'AU', ['km']],
    ['the model missing', { ...described, model: '' }, 'AU', ['model']],
    ['an empty rego is no rego', { ...described, rego: '', regoState: '' }, 'AU', []],
    ['a plate given is checked as a registration', { ...described, rego: 'ABC123', regoState: 'XX' }, 'AU', ['regoState']],
    ['a plate and state', { rego: 'ABC123', regoState: 'NSW' }, 'AU', []],
    ['a US VIN', { vin: '1HGCM82633A004352', make: 'Honda' }, 'US', []],
    ['nothing at all asks for the registration', {}, 'AU', ['rego', 'regoState']],
    ['a state alone asks for the plate', { regoState: 'NSW' }, 'AU', ['rego']],
  ])('%s', (_label, values, region, fields) => expect(Object.keys(valuationVehicleErrors({ values, region }))).toEqual(fields));

  it('a VIN names the car only where the region takes one', () => {
    expect(isDescribedVehicle({ values: { vin: '1HGCM82633A004352', make: 'Honda' }, region: 'US' })).toBe(false);
    expect(isDescribedVehicle({ values: { vin: '1HGCM82633A004352', make: 'Honda' }, region: 'AU' })).toBe(true);
  });
});
