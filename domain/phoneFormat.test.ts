import { describe, expect, it } from 'vitest';
import { formatPhone, phoneTel } from './phoneFormat.ts';

describe('formatPhone and phoneTel (the region table phone_format)', () => {
  it.each<['AU' | 'NZ' | 'US', string, string, string]>([
    // AU landlines by area code, mobiles, international forms, numbers not dialled from abroad.
    ['AU', '02 9555 1100', '02 9555 1100', 'tel:+61295551100'],
    ['AU', '0295551100', '02 9555 1100', 'tel:+61295551100'],
    ['AU', '(02) 9555-1100', '02 9555 1100', 'tel:+61295551100'],
    ['AU', '+61 2 9555 1100', '02 9555 1100', 'tel:+61295551100'],
    ['AU', '0061295551100', '02 9555 1100', 'tel:+61295551100'],
    ['AU', '08 9312 3456', '08 9312 3456', 'tel:+61893123456'],
    ['AU', '0412345678', '0412 345 678', 'tel:+61412345678'],
    ['AU', '+61 412 345 678', '0412 345 678', 'tel:+61412345678'],
    ['AU', '1300 123 456', '1300 123 456', 'tel:1300123456'],
    ['AU', '1800123456', '1800 123 456', 'tel:1800123456'],
    ['AU', '131234', '13 12 34', 'tel:131234'],
    // One digit short or long: not a number of the region, shown as written.
    ['AU', '02 9555 110', '02 9555 110', 'tel:029555110'],
    ['AU', '02 9555 11000', '02 9555 11000', 'tel:02955511000'],
    // NZ landlines, mobiles of 8 to 10 digits, freephone.
    ['NZ', '095551234', '09 555 1234', 'tel:+6495551234'],
    ['NZ', '+64 9 555 1234', '09 555 1234', 'tel:+6495551234'],
    ['NZ', '0211234567', '021 123 4567', 'tel:+64211234567'],
    ['NZ', '021 123 456', '021 123 456', 'tel:+6421123456'],
    ['NZ', '027 123 45678', '027 123 45678', 'tel:+642712345678'],
    ['NZ', '0800 123 456', '0800 123 456', 'tel:0800123456'],
    ['NZ', '09 555 123', '09 555 123', 'tel:09555123'],
    // US ten digits, with or without the 1 or +1.
    ['US', '208-555-0100', '(208) 555-0100', 'tel:+12085550100'],
    ['US', '2085550100', '(208) 555-0100', 'tel:+12085550100'],
    ['US', '+1 208 555 0100', '(208) 555-0100', 'tel:+12085550100'],
    ['US', '1 (208) 555-0100', '(208) 555-0100', 'tel:+12085550100'],
    ['US', '208 555 010', '208 555 010', 'tel:208555010'],
    ['US', '108 555 0100', '108 555 0100', 'tel:1085550100'],
  ])('%s %s -> %s, %s', (region, phone, shown, tel) => {
    expect(formatPhone({ phone, region })).toBe(shown);
    expect(phoneTel({ phone, region })).toBe(tel);
  });

  it('writes a number again the same way, per region (each number and region is worked out once)', () => {
    for (let pass = 0; pass < 2; pass++) {
      expect(formatPhone({ phone: '+61 2 9555 1100', region: 'AU' })).toBe('02 9555 1100');
      expect(formatPhone({ phone: '+61 2 9555 1100', region: 'US' })).toBe('+61 2 9555 1100');
      expect(phoneTel({ phone: '0295551100', region: 'AU' })).toBe('tel:+61295551100');
      expect(phoneTel({ phone: '0295551100', region: 'NZ' })).toBe('tel:+64295551100');
      // Nothing written is no number, whatever the record held.
      expect(phoneTel({ phone: undefined as unknown as string, region: 'AU' })).toBeUndefined();
      expect(formatPhone({ phone: 'undefined', region: 'AU' })).toBe('undefined');
    }
  });

  it('no digits: no tel: link', () => {
    expect(phoneTel({ phone: 'call us', region: 'AU' })).toBeUndefined();
    expect(formatPhone({ phone: ' call us ', region: 'AU' })).toBe('call us');
  });
});
