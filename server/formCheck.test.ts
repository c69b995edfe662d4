import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/formMessages.ts';
import { PHONE_MESSAGES } from '../domain/phone.ts';
import { formErrors, formOf, isIncomplete } from './formCheck.ts';
import { APPOINTMENT_MESSAGES } from '../domain/appointment.ts';
import { YEAR_MESSAGE } from '../domain/formRules.ts';
import { parseSiteConfig } from './siteConfig.ts';

const au = parseSiteConfig({ raw: { slug: 's' }, slug: 's', source: 't' });
const nz = parseSiteConfig({ raw: { slug: 's', region: 'NZ' }, slug: 's', source: 't' });
const contact = { name: 'Jo', last_name: 'Bloggs', email: 'jo@example.com', postcode: '3000' };

describe('formOf', () => {
  it.each([
    [{ form: 'finance' }, 'finance'],
    [{ form: 'no-such-form' }, 'contact'],
    [{ subcategory: 'Career Enquiry' }, 'career'],
    [{}, 'contact'],
  ])('%j -> %s', (lead, form) => expect(formOf({ lead })).toBe(form));
});

describe('formErrors', () => {
  it("uses the site's phone rule (region default)", () => {
    expect(formErrors({ lead: { ...contact, phone: '021 234 567' }, site: au })).toEqual({ phone: PHONE_MESSAGES.au });
    expect(formErrors({ lead: { ...contact, phone: '021 234 567' }, site: nz })).toEqual({});
  });

  it("checks a finance application's trade-in with the form's rule: only when ticked, no rego needed", () => {
    const lead = { ...contact, phone: '0412345678', form: 'finance', terms_agreed: true };
    expect(formErrors({ lead: { ...lead, trade_in: false }, site: au })).toEqual({});
    expect(
      formErrors({
        lead: { ...lead, trade_in: true, trade_in_make: 'Mazda', trade_in_model: '3', trade_in_year: '2016', trade_in_odometer: '120000' },
        site: au,
      }),
    ).toEqual({});
    expect(Object.keys(formErrors({ lead: { ...lead, trade_in: true }, site: au }))).toEqual([
      'trade_in_make',
      'trade_in_model',
      'trade_in_year',
      'trade_in_odometer',
    ]);
  });

  it("checks an instant price request with the form's rule", () => {
    const lead = { ...contact, phone: '0412345678', form: 'instant-price', make: 'Subaru', model: 'Forester' };
    expect(formErrors({ lead: { ...lead, budget: '$45,000' }, site: au })).toEqual({});
    expect(Object.keys(formErrors({ lead: { ...lead, budget: 'soon' }, site: au }))).toEqual(['budget']);
  });

  it('follows message_required and terms_required of the site', () => {
    const lead = { ...contact, phone: '0412345678', form: 'enquiry' };
    expect(formErrors({ lead, site: au })).toEqual({ message: MESSAGES.required });
    const relaxed = parseSiteConfig({ raw: { slug: 's', forms: { message_required: false, terms_required: true } }, slug: 's', source: 't' });
    expect(formErrors({ lead, site: relaxed })).toEqual({ terms_conditions: MESSAGES.terms });
    expect(formErrors({ lead: { ...lead, terms_conditions: true }, site: relaxed })).toEqual({});
  });

  it('checks only the carried fields of an incomplete step save', () => {
    expect(isIncomplete({ lead: { lead_status: 'Incomplete' } })).toBe(true);
    expect(isIncomplete({ lead: { form_completed: false } })).toBe(true);
    expect(isIncomplete({ lead: { form_completed: true } })).toBe(false);
    expect(formErrors({ lead: { form: 'test-drive', name: 'Jo', form_completed: false }, site: au })).toEqual({});
    expect(formErrors({ lead: { form: 'test-drive', name: 'Jo5', email: '', form_completed: false }, site: au })).toEqual({ name: MESSAGES.alphabetical });
  });

  it('a service booking: required vehicle and drop-off, in the future, on an open day of the chosen service location, within its hours', () => {
    const site = parseSiteConfig({
      raw: {
        slug: 's',
        timezone: 'Australia/Sydney',
        locations: [
          { id: 1, location_type: 'sales', opening_hours: [] },
          { id: 2, location_type: 'service', opening_hours: [{ weekday: 1, status: 'Open', open: '07:30', close: '16:00' }] },
        ],
      },
      slug: 's',
      source: 't',
    });
    const now = new Date('2025-06-08T22:00:00Z'); // Monday 9 June 2025, 8am in Sydney
    const booking = {
      ...contact,
      phone: '0412345678',
      form: 'service',
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      service_type: 'General service',
      message: 'Noise',
      location_id: 2,
    };
    expect(formErrors({ lead: { ...booking, dateTime: '2025-06-16T07:30' }, site, now })).toEqual({});
    expect(formErrors({ lead: { ...booking, dateTime: '2025-06-09T07:59' }, site, now })).toEqual({ dateTime: APPOINTMENT_MESSAGES.past });
    expect(formErrors({ lead: { ...booking, dateTime: '2025-06-17T09:00' }, site, now })).toEqual({
      dateTime: 'We are closed on Tuesdays. Please choose another day.',
    });
    expect(formErrors({ lead: { ...booking, dateTime: '2025-06-16T16:00' }, site, now })).toEqual({
      dateTime: 'Please choose a time between 7:30am and 4:00pm.',
    });
    expect(formErrors({ lead: { ...booking, year: '19', dateTime: '' }, site, now })).toEqual({ year: YEAR_MESSAGE, dateTime: MESSAGES.required });
  });
});
