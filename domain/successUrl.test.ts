import { describe, expect, it } from 'vitest';
import { successContext, successUrl } from './successUrl.ts';

describe('successUrl', () => {
  it.each([
    [{ category: 'General Enquiry' }, '/success?category=general-enquiry'],
    [{ category: 'General Enquiry', carType: 'used' }, '/success?category=used-vehicle-enquiry'],
    [{ category: 'General Enquiry', carType: 'demo' }, '/success?category=demo-vehicle-enquiry'],
    [{ category: 'Test Drive', carType: 'new' }, '/success?category=new-vehicle-enquiry'],
    [{ category: 'Finance', carType: 'other' }, '/success?category=finance'],
    [{ category: 'Service', extra: { car_id: 101, name: 'Jane & Co', skip: null } }, '/success?category=service&car_id=101&name=Jane%20%26%20Co'],
  ])('%o -> %s', (args, url) => expect(successUrl(args)).toBe(url));
});

describe('successContext (SPEC §2 extra key=value pairs)', () => {
  it('appends the car id, car type and location of the form', () => {
    const extra = successContext({ context: { car_id: 9001, location_id: 31 }, base: { car_type: 'used' } });
    expect(successUrl({ category: 'Test Drive', carType: 'used', extra })).toBe(
      '/success?category=used-vehicle-enquiry&car_id=9001&car_type=used&location_id=31',
    );
  });
  it('a finance link without a car on the page: car_id and car_type from the link, car_type mapped to the vehicle enquiry', () => {
    const base = { car_id: '140100048', car_type: 'demo' };
    const extra = successContext({ context: { car_id: null, location_id: null }, base });
    expect(successUrl({ category: 'Finance Enquiry', carType: base.car_type, extra })).toBe(
      '/success?category=demo-vehicle-enquiry&car_id=140100048&car_type=demo',
    );
  });
  it('the location the shopper chose; nothing when the form has no context', () => {
    expect(successContext({ context: {}, base: { location_id: 32 } })).toEqual({ car_id: null, car_type: null, location_id: 32 });
    expect(successUrl({ category: 'General Enquiry', extra: successContext({ context: {}, base: { location_id: '' } }) })).toBe(
      '/success?category=general-enquiry',
    );
  });
});
