import { describe, expect, it } from 'vitest';
import { successUrl } from './successUrl.ts';

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
