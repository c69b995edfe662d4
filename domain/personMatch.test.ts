import { describe, expect, it } from 'vitest';
import { MIN_PHONE_DIGITS, namesPerson, parsePersonKey, type PersonKey } from './personMatch.ts';

describe('who a privacy request names', () => {
  it('reads an email (any case) or a phone number (normalised), and refuses anything else', () => {
    expect(parsePersonKey(' Jane@Example.COM ')).toEqual({ email: 'jane@example.com' });
    expect(parsePersonKey('+61 412 345 678')).toEqual({ phone: '0412345678' });
    expect(parsePersonKey('(04) 1234-5678')).toEqual({ phone: '0412345678' });
    expect(parsePersonKey('1'.repeat(MIN_PHONE_DIGITS))).toEqual({ phone: '111111' });
    expect(parsePersonKey('1'.repeat(MIN_PHONE_DIGITS - 1))).toHaveProperty('error');
    expect(parsePersonKey('jane@')).toHaveProperty('error');
    expect(parsePersonKey('Jane Citizen')).toHaveProperty('error');
    expect(parsePersonKey('')).toHaveProperty('error');
  });

  it('matches a stored email whatever its case and spaces, a stored phone in any format, and nothing else', () => {
    const email = parsePersonKey('jane@example.com') as PersonKey;
    const phone = parsePersonKey('0412345678') as PersonKey;
    expect(namesPerson({ contact: { email: ' JANE@example.com' }, key: email })).toBe(true);
    expect(namesPerson({ contact: { email: 'jane@example.com.au' }, key: email })).toBe(false);
    expect(namesPerson({ contact: { phone: '+61 412 345 678' }, key: phone })).toBe(true);
    expect(namesPerson({ contact: { phone: '0061412345678' }, key: phone })).toBe(true);
    expect(namesPerson({ contact: { phone: '0412345679' }, key: phone })).toBe(false);
    expect(namesPerson({ contact: { phone: '10412345678' }, key: phone })).toBe(false);
    expect(namesPerson({ contact: {}, key: phone })).toBe(false);
  });
});
