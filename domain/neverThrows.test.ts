/**
 * Property: no string a shopper, a URL or a feed can supply makes a validator, normaliser or
 * parser of domain/ throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slugify } from './slug.ts';
import { normalisePhone, validatePhone, PHONE_RULES } from './phone.ts';
import { isTestDriveOnlyTag } from './tags.ts';
import { contactSlug } from './locations.ts';
import { bodyFilterSlug, shortDescription } from './models.ts';
import { formatTime } from './openingHours.ts';
import { maskPhone, compareStripOnPath } from './favourites.ts';
import { spell } from './region.ts';
import { parsePageParam, parseRangeParam, stripQuotes } from './searchInputs.ts';
import { imageUrl } from './images.ts';
import { successUrl } from './successUrl.ts';
import { starParts, showRating } from './reviews.ts';
import { validateForm, FORM_KINDS } from './formRules.ts';
import { parseTime } from './days.ts';

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

describe('no string input throws', () => {
  it('string helpers return strings', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        for (const out of [
          slugify(s),
          normalisePhone(s),
          contactSlug(s),
          bodyFilterSlug(s),
          shortDescription(s),
          formatTime(s),
          maskPhone(s),
          spell({ text: s, region: 'US' }),
          stripQuotes(s),
          imageUrl({ src: s, width: 400 }),
          successUrl({ category: s, extra: { [s]: s } }),
        ])
          expect(typeof out).toBe('string');
        expect(slugify(s)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('validators and parsers return their shapes', () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom(...PHONE_RULES), fc.constantFrom(...FORM_KINDS), (s, rule, form) => {
        const phone = validatePhone({ value: s, rule, testNumber: s.slice(1) });
        expect(phone === null || typeof phone === 'string').toBe(true);
        expect(typeof isTestDriveOnlyTag(s)).toBe('boolean');
        expect(typeof compareStripOnPath(s)).toBe('boolean');
        expect(parsePageParam(s)).toBeGreaterThanOrEqual(1);
        expect(typeof parseRangeParam(s)).toBe('object');
        expect(starParts({ rating: s }).full).toBeLessThanOrEqual(4);
        expect(typeof showRating({ rating: s })).toBe('boolean');
        const t = parseTime(s);
        expect(t === null || Number.isFinite(t)).toBe(true);
        const values = { name: s, last_name: s, email: s, phone: s, postcode: s, message: s, terms_agreed: s, dateTime: s };
        expect(typeof validateForm({ form, values, config: { phone_rule: rule, test_phone_number: s } })).toBe('object');
      }),
    );
  });
});
