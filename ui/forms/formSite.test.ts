import { describe, expect, it } from 'vitest';
import { makeCar, makeLocation, makeSite } from '../../fixtures/sites/bayside.ts';
import { formCar, formSite } from './formSite.ts';
import { carFixedValues, formPlan } from './formPlan.ts';
import { appointmentErrors, appointmentLocation } from './appointmentCheck.ts';

const parts = makeLocation({ id: 3, name: 'Bayside Parts', slug: 'bayside-parts', location_type: 'parts' });
const service = makeLocation({ id: 2, name: 'Bayside Service', slug: 'bayside-service', location_type: 'service' });
const sales = makeLocation({ id: 1, name: 'Bayside Sales', slug: 'bayside-sales', location_type: 'sales' });
const hidden = makeLocation({ id: 4, name: 'Hidden', slug: 'hidden', location_type: 'sales', visible: false });

const group = makeSite({
  locations: [parts, service, hidden, sales],
  dealerships: [
    { id: 700, name: 'Bayside Cars', slug: 'bayside-cars' },
    { id: 701, name: 'Bayside Kia', slug: 'bayside-kia' },
  ] as never,
});

describe('form slice of a site', () => {
  it('lists the visible locations in SPEC §4 order: sales, service, parts (record order was parts, service, sales)', () => {
    expect(formSite({ site: group }).locations.map((l) => l.name)).toEqual(['Bayside Sales', 'Bayside Service', 'Bayside Parts']);
  });
});

describe('form slice of a car', () => {
  const car = makeCar({
    id: 9101,
    make: 'Kia',
    model: 'Sportage',
    stocknum: 'K77',
    dealership_id: 701,
    dealership_slug: 'bayside-kia',
    location: { id: 2, name: 'Bayside Service' } as never,
  });
  it('carries the SPEC §3 lead values naming the car, its dealership name and its location', () => {
    const slice = formCar({ car, site: group });
    expect(slice.lead).toEqual({
      stock_number: 'K77',
      'Vehicle Make': 'Kia',
      'Vehicle Model': 'Sportage',
      car_type: 'used',
      vehicle_status: 'in_stock',
      manufacturer_slug: 'kia',
    });
    expect(slice.dealership_name).toBe('Bayside Kia');
    expect(slice.location_id).toBe(2);
  });
  it("a group's car form does not ask which dealership: the car answers it", () => {
    const site = formSite({ site: group });
    const slice = formCar({ car, site: group });
    expect(site.dealershipOptions).toEqual(['Bayside Cars', 'Bayside Kia']);
    expect(carFixedValues({ site, car: slice })).toEqual({ dealership: 'Bayside Kia', location_id: '2' });
    for (const form of ['enquiry', 'test-drive', 'finance'] as const) {
      expect(formPlan({ form, site, car: slice }).fields.map((f) => f.name)).not.toContain('dealership');
      expect(formPlan({ form, site }).fields.map((f) => f.name)).toContain('dealership');
    }
  });
  it('keeps the select when the car belongs to no dealership the site offers', () => {
    const site = formSite({ site: group });
    const stranger = formCar({ car: { ...car, dealership_id: 999, dealership_slug: 'elsewhere', location: null }, site: group });
    expect(carFixedValues({ site, car: stranger })).toEqual({});
    expect(formPlan({ form: 'enquiry', site, car: stranger }).fields.map((f) => f.name)).toContain('dealership');
  });
});

describe('appointment check of the test drive', () => {
  const site = formSite({ site: group });
  const open = { weekday: 1, status: 'Open' as const, open: '08:30', close: '17:30' };
  const withHours = { ...site, locations: site.locations.map((l) => (l.location_type === 'sales' ? { ...l, hours: [open] } : l)) };
  const now = new Date('2025-06-09T00:00:00Z'); // Monday 10am in Sydney
  it('checks dateTime against the sales hours; empty is fine', () => {
    expect(appointmentErrors({ form: 'test-drive', site: withHours, values: { dateTime: '' }, now })).toEqual({});
    expect(appointmentErrors({ form: 'test-drive', site: withHours, values: { dateTime: '2025-06-16T09:00' }, now })).toEqual({});
    expect(appointmentErrors({ form: 'test-drive', site: withHours, values: { dateTime: '2025-06-17T09:00' }, now })).toEqual({
      dateTime: 'We are closed on Tuesdays. Please choose another day.',
    });
    expect(appointmentErrors({ form: 'test-drive', site: withHours, values: { dateTime: '2025-06-09T09:59' }, now })).toEqual({
      dateTime: 'Please choose a date and time in the future.',
    });
    expect(appointmentErrors({ form: 'enquiry', site: withHours, values: { dateTime: '2025-06-09T09:59' }, now })).toEqual({});
  });
  it("uses the car's location, else the first sales location", () => {
    const locations = site.locations;
    expect(appointmentLocation({ locations, locationId: null, department: 'sales' })?.id).toBe(1);
    expect(appointmentLocation({ locations, locationId: null, department: 'service' })?.id).toBe(2);
    const car = formCar({ car: makeCar({ id: 1, location: { id: 3 } as never }), site: group });
    expect(appointmentLocation({ locations, locationId: car.location_id, department: 'sales' })?.id).toBe(3);
  });
});
