import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../domain/safeUrl.ts';
import { SCHEMAS, schemaValidators, type SchemaName } from './index.ts';
import { MINIMAL_CAR_ROW } from '../fixtures/sites/minimal.ts';

const validators = schemaValidators({ formats: { 'safe-url': isSafeUrl } });

describe('compiled validators', () => {
  it('compiles every schema once, in strict mode, and caches it', () => {
    for (const name of Object.keys(SCHEMAS) as SchemaName[]) expect(validators.validatorFor(name)).toBe(validators.validatorFor(name));
    expect(validators.ajv).toBe(validators.ajv);
  });

  it("checks format safe-url with the caller's rule (domain/safeUrl.ts)", () => {
    const url = validators.ajv.getSchema('https://forecourt.example/schema/common.schema.json#/$defs/safeUrl')!;
    for (const ok of ['https://a.example', 'http://a.example/x', 'tel:0290000000', 'mailto:a@b.example', '/cars/x', '#top']) expect(url(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://a.example', '']) expect(url(bad), bad).toBe(false);
  });

  it('checks dates, times and enums of cars', () => {
    const car = MINIMAL_CAR_ROW;
    const validate = validators.car();
    expect(validate(car)).toBe(true);
    expect(validate({ ...car, created_at: '2025-13-45' })).toBe(false);
    expect(validate({ ...car, created_at: '01/02/2025' })).toBe(false);
    expect(validate({ ...car, status: 'reserved' })).toBe(false);
    expect(validate({ ...car, sold_date: null, reservable: null })).toBe(true);
  });

  it('information page content blocks: text, FAQ, call to action, a named lead form, offers; anything else refused', () => {
    validators.dealerRecord();
    const block = validators.ajv.getSchema('https://forecourt.example/schema/dealerRecord.schema.json#/$defs/contentBlock')!;
    for (const ok of [
      { type: 'text', body: 'Hello' },
      { type: 'faq', items: [{ question: 'Q', answer: 'A' }] },
      { type: 'cta', text: 'Browse', url: '/search/new-cars', style: 'link' },
      { type: 'lead_form', form: 'instant-price' },
      { type: 'offers', offers: [{ title: 'Bonus', ends_on: '2025-06-30', make: 'Subaru', model: 'Forester' }] },
    ])
      expect(block(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of [
      { type: 'video', url: '/x' },
      { type: 'cta', text: 'Go', url: 'javascript:alert(1)' },
      { type: 'lead_form', form: 'mortgage' },
      { type: 'offers', offers: [{ title: 'Bonus', ends_on: '30/06/2025' }] },
      { type: 'text', body: 'x', extra: true },
    ])
      expect(block(bad), JSON.stringify(bad)).toBe(false);
  });

  it('rejects an empty record with every required field named', () => {
    const validate = validators.dealerRecord();
    expect(validate({})).toBe(false);
    expect(validate.errors?.map((e) => e.params.missingProperty).sort()).toEqual([
      'address',
      'dealer_id',
      'email',
      'locations',
      'logo',
      'name',
      'navigation',
      'phone',
      'slug',
      'template',
      'url',
    ]);
  });
});
