import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/formMessages.ts';
import { PHONE_MESSAGES } from '../domain/phone.ts';
import { formErrors, formOf, isIncomplete } from './formCheck.ts';
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
});
