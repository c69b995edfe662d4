import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ascEventFor, ascEventTable, ascPageEvents, ascPageType } from './ascEvents.ts';

const CAR = { id: 1234, make: 'Toyota', model: 'Corolla', year: 2024, car_type: 'used', price: 38990 };

describe('ascEventFor', () => {
  it.each([
    // form -> department, form_type
    ['enquiry', 'sales', 'consumer_contact'],
    ['general', 'sales', 'consumer_contact'],
    ['test-drive', 'sales', 'test_drive'],
    ['finance', 'finance', 'finance_credit_app'],
    ['trade-in', 'trade', 'trade_in'],
    ['service', 'service', 'service_appointment'],
    ['career', 'careers', 'career'],
  ])('form %s -> department %s, form_type %s', (form, department, form_type) => {
    expect(ascEventFor({ event: { event: 'form_submit', event_id: 14, form }, pageType: 'VDP' })).toMatchObject({
      event: 'asc_form_submission',
      event_owner: 'forecourt',
      comm_type: 'form',
      page_type: 'VDP',
      department,
      form_type,
    });
  });

  it('a phone call is asc_click_to_call with the number and the vehicle', () => {
    expect(ascEventFor({ event: { event: 'phone_call', event_id: 25, phone: '(02) 9000 0000', vehicle: CAR } })).toEqual({
      event: 'asc_click_to_call',
      event_owner: 'forecourt',
      comm_type: 'call',
      department: 'sales',
      comm_phone_number: '(02) 9000 0000',
      item_id: '1234',
      item_make: 'Toyota',
      item_model: 'Corolla',
      item_year: 2024,
      item_condition: 'used',
      item_price: 38990,
    });
  });

  it('reveal and favourite (the compare strip saves too) are CTA interactions with the car id', () => {
    expect(ascEventFor({ event: { event: 'phone_click', event_id: 25, car_id: 7 } })).toMatchObject({
      event: 'asc_cta_interaction',
      element_type: 'phone_reveal',
      item_id: '7',
    });
    expect(ascEventFor({ event: { event: 'favourite', event_id: 39, car_id: 7 } })).toMatchObject({
      event: 'asc_cta_interaction',
      event_action: 'favorite',
      item_id: '7',
    });
  });

  it('leaves unmapped events alone, and a price of 10 or less out (SPEC §9)', () => {
    expect(ascEventFor({ event: { event: 'something_else' } })).toBeNull();
    expect(ascEventFor({ event: { event: 'phone_call', vehicle: { ...CAR, price: 10 } } })).not.toHaveProperty('item_price');
    expect(ascEventFor({ event: { event: 'phone_call', vehicle: { ...CAR, price: 11 } } })).toHaveProperty('item_price', 11);
  });
});

describe('page views', () => {
  it.each([
    ['home', 'home'],
    ['search', 'SRP'],
    ['car', 'VDP'],
    ['finance', 'finance'],
    ['accessibility', 'other'],
  ])('%s -> page_type %s', (kind, pageType) => expect(ascPageType({ kind })).toBe(pageType));

  it('a car page also sends asc_item_pageview', () => {
    expect(ascPageEvents({ kind: 'car', vehicle: CAR }).map((e) => e.event)).toEqual(['asc_pageview', 'asc_item_pageview']);
    expect(ascPageEvents({ kind: 'home' })).toEqual([{ event: 'asc_pageview', event_owner: 'forecourt', page_type: 'home' }]);
  });
});

describe('the README', () => {
  it('holds the mapping table as generated from ASC_EVENT_MAP', () => {
    expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).toContain(ascEventTable());
  });
});
