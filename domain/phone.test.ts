import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidPhone, normalisePhone, PHONE_MESSAGES, PHONE_RULES, validatePhone } from './phone.ts';
import type { PhoneRule } from './site.ts';

describe('normalisePhone', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['(07) 3000-0000', '0730000000'],
    ['+61 412 345 678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['+64 21 123 4567', '0211234567'],
    ['0064 21 123 4567', '0211234567'],
    ['+1 (212) 555-1234', '2125551234'],
    ['+44 20 7946 0958', '02079460958'],
    ['04+12 345 678', '0412345678'],
    ['+0412345678', '0412345678'],
    ['phone me', 'phoneme'],
    ['', ''],
  ])('%s -> %s', (raw, normalised) => expect(normalisePhone(raw)).toBe(normalised));

  it('is idempotent for any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalisePhone(normalisePhone(s))).toBe(normalisePhone(s));
      }),
    );
    const phoneish = fc.array(fc.constantFrom(...'+0016144 ()-.1234'.split('')), { maxLength: 20 }).map((a) => a.join(''));
    fc.assert(
      fc.property(phoneish, (s) => {
        expect(normalisePhone(normalisePhone(s))).toBe(normalisePhone(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('phone variants: shortest and longest accepted, one each side (SPEC §5)', () => {
  it.each<[PhoneRule, string, boolean]>([
    ['au', '0212345678', true],
    ['au', '0812345678', true],
    ['au', '0512345678', true],
    ['au', '061 2345678', false], // 06 is not an area code
    ['au', '0912345678', false],
    ['au', '011234567', false],
    ['au', '021234567', false], // 9 digits
    ['au', '02123456789', false], // 11 digits
    ['au', '0061 2 1234 5678', true],
    ['au', '+61 2 1234 5678', true],
    ['au-mobile', '0412345678', true],
    ['au-mobile', '+61412345678', true],
    ['au-mobile', '0212345678', false],
    ['au-mobile', '041234567', false],
    ['au-mobile', '04123456789', false],
    ['nz', '021234567', true], // shortest: 0 + 2 + 7 digits
    ['nz', '02123456', false], // 6 digits after the prefix
    ['nz', '02123456789', true], // longest: 9 digits after
    ['nz', '021234567890', false], // 10 digits after
    ['nz', '0912345678', true],
    ['nz', '0512345678', false],
    ['nz', '0812345678', false],
    ['nz', '0064 9 123 4567', true],
    ['nz-length', '', true],
    ['nz-length', '12345678901234', true], // 14 characters
    ['nz-length', '123456789012345', false], // 15 characters
    ['us', '2125551234', true],
    ['us', '12125551234', true],
    ['us', '212555123', false],
    ['us', '22125551234', false],
    ['us', '+1 212 555 1234', true],
    ['us', '121255512345', false],
    ['uk', '02079460958', true],
    ['uk', '+44 20 7946 0958', true],
    ['uk', '0207946095', false],
    ['uk', '020794609581', false],
    ['uk', '00207946095', false],
  ])('%s %s -> %s', (rule, value, ok) => {
    expect(isValidPhone({ value, rule })).toBe(ok);
    expect(validatePhone({ value, rule })).toBe(ok ? null : PHONE_MESSAGES[rule]);
  });

  it('messages are verbatim', () => {
    expect(PHONE_MESSAGES.au).toBe('Invalid phone number. Must be an Australian number.');
    expect(PHONE_MESSAGES['au-mobile']).toBe('Invalid phone number. Must be an Australian mobile number.');
    expect(PHONE_MESSAGES.nz).toBe('Invalid phone number. Must be a New Zealand number.');
    expect(PHONE_MESSAGES['nz-length']).toBe('Invalid phone number. Too many characters.');
    expect(PHONE_MESSAGES.us).toBe('Invalid phone number. Must be a US number.');
  });

  it('always accepts the configured test number, compared after normalisation', () => {
    expect(validatePhone({ value: '0000 000 000', rule: 'au', testNumber: '0000000000' })).toBeNull();
    expect(validatePhone({ value: '0000000001', rule: 'au', testNumber: '0000000000' })).toBe(PHONE_MESSAGES.au);
    expect(validatePhone({ value: '', rule: 'au', testNumber: '' })).toBe(PHONE_MESSAGES.au);
  });

  it('falls back to the Australian default for an unknown rule', () => {
    expect(validatePhone({ value: '12', rule: 'xx' as PhoneRule })).toBe(PHONE_MESSAGES.au);
  });
});

// Generators for numbers each variant accepts, and mutations that must be rejected.
const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const digitRange = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const spaced = (s: string) => s.replace(/(\d{4})(?=\d)/g, '$1 ');

const VALID: Record<Exclude<PhoneRule, 'nz-length'>, fc.Arbitrary<string>> = {
  au: fc.tuple(fc.constantFrom('2', '3', '4', '5', '7', '8'), digits(8)).map(([a, d]) => `0${a}${d}`),
  'au-mobile': digits(8).map((d) => `04${d}`),
  nz: fc.tuple(fc.constantFrom('2', '3', '4', '6', '7', '9'), digitRange(7, 9)).map(([a, d]) => `0${a}${d}`),
  // Real US area codes start 2-9; a leading '00' would read as an international prefix.
  us: fc.tuple(fc.constantFrom('', '1'), fc.integer({ min: 2, max: 9 }), digits(9)).map(([p, a, d]) => `${p}${a}${d}`),
  uk: fc.tuple(fc.integer({ min: 1, max: 9 }), digits(9)).map(([a, d]) => `0${a}${d}`),
};

describe('property: generated numbers pass, mutated ones fail with the variant message', () => {
  for (const [rule, arb] of Object.entries(VALID) as [Exclude<PhoneRule, 'nz-length'>, fc.Arbitrary<string>][]) {
    it(`${rule}: accepted, also when spaced`, () => {
      fc.assert(
        fc.property(arb, (n) => {
          expect(validatePhone({ value: n, rule })).toBeNull();
          expect(validatePhone({ value: spaced(n), rule })).toBeNull();
        }),
      );
    });

    it(`${rule}: a letter inserted or too many digits is rejected`, () => {
      fc.assert(
        fc.property(arb, fc.nat(), fc.constantFrom('x', 'A', '#'), (n, at, ch) => {
          const i = at % (n.length + 1);
          expect(validatePhone({ value: n.slice(0, i) + ch + n.slice(i), rule })).toBe(PHONE_MESSAGES[rule]);
          expect(validatePhone({ value: `${n}1234`, rule })).toBe(PHONE_MESSAGES[rule]);
        }),
      );
    });
  }

  it('au: a wrong area digit or a dropped digit is rejected', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '6', '9'), digits(8), (a, d) => {
        expect(validatePhone({ value: `0${a}${d}`, rule: 'au' })).toBe(PHONE_MESSAGES.au);
        expect(validatePhone({ value: `02${d.slice(1)}`, rule: 'au' })).toBe(PHONE_MESSAGES.au);
      }),
    );
  });

  it('au-mobile: a landline prefix is rejected', () => {
    fc.assert(
      fc.property(fc.constantFrom('2', '3', '5', '7', '8'), digits(8), (a, d) => {
        expect(validatePhone({ value: `0${a}${d}`, rule: 'au-mobile' })).toBe(PHONE_MESSAGES['au-mobile']);
      }),
    );
  });

  it('nz: wrong second digit or too few digits is rejected', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '5', '8'), digitRange(7, 9), digitRange(0, 6), (a, d, short) => {
        expect(validatePhone({ value: `0${a}${d}`, rule: 'nz' })).toBe(PHONE_MESSAGES.nz);
        expect(validatePhone({ value: `02${short}`, rule: 'nz' })).toBe(PHONE_MESSAGES.nz);
      }),
    );
  });

  it('us: 11 digits not starting with 1 is rejected', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), digits(10), (p, d) => {
        expect(validatePhone({ value: `${p}${d}`, rule: 'us' })).toBe(PHONE_MESSAGES.us);
      }),
    );
  });

  it('nz-length: under 15 characters passes, 15 or more fails', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 15, maxLength: 40 }).filter((s) => normalisePhone(s).length >= 15),
        (s) => {
          expect(validatePhone({ value: s, rule: 'nz-length' })).toBe(PHONE_MESSAGES['nz-length']);
        },
      ),
    );
    fc.assert(
      fc.property(digitRange(0, 14), (s) => {
        expect(validatePhone({ value: s, rule: 'nz-length' })).toBeNull();
      }),
    );
  });

  it('never throws for any string and any rule', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...PHONE_RULES), fc.option(fc.string()), (value, rule, testNumber) => {
        const result = validatePhone({ value, rule, testNumber });
        expect(result === null || result === PHONE_MESSAGES[rule]).toBe(true);
      }),
    );
  });
});
