import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultValues,
  FORM_FIELDS,
  FORM_KINDS,
  fieldsFor,
  AMOUNT_MESSAGE,
  MESSAGES,
  ODOMETER_MESSAGE,
  postcodeLookupError,
  submitText,
  validateField,
  validateForm,
  YEAR_MESSAGE,
  type FieldSpec,
  type FormKind,
} from './formRules.ts';
import { ERROR_MESSAGES, FORM_TEXT, HEAR_ABOUT_US_OPTIONS, leadErrorText, multiStepErrorReport } from './formMessages.ts';
import { PHONE_MESSAGES } from './phone.ts';

const VALID = {
  name: 'Jane Mary',
  last_name: 'Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  postcode: '4000',
  message: 'Is this car still available?',
  location_id: '7',
  category: 'General Enquiry',
  terms_agreed: true,
};

describe('messages are SPEC §5 / §8 verbatim', () => {
  it('has every text', () => {
    expect(MESSAGES).toEqual({
      required: '*This is a required field.',
      email: 'invalid email address',
      alphabetical: 'Please use alphabetical characters only.',
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
      terms: '*You must agree to the terms of use before submitting.',
      postcodeNotFound: 'Invalid postcode',
    });
    expect(ERROR_MESSAGES.unexpected).toBe('An unexpected error occured');
    expect(multiStepErrorReport({ category: 'Finance', message: 'boom' })).toBe('Finance Form submission error occured. boom');
    expect(leadErrorText({ serverError: 'Lead rejected' })).toBe('Lead rejected');
    expect(leadErrorText({ serverError: ' ' })).toBe('An unexpected error occured');
    expect(leadErrorText({})).toBe('An unexpected error occured');
    expect(HEAR_ABOUT_US_OPTIONS).toHaveLength(8);
  });
});

describe('field rules', () => {
  const field = (name: string, form: FormKind = 'enquiry'): FieldSpec => fieldsFor({ form }).find((f) => f.name === name)!;

  it.each<[string, unknown, string | null]>([
    ['postcode', '4000', null],
    ['postcode', '400', MESSAGES.postcode], // 3 digits
    ['postcode', '40000', MESSAGES.postcode], // 5 digits
    ['postcode', '40a0', MESSAGES.postcode],
    ['postcode', ' 4000 ', null],
    ['postcode', 4000, null],
    ['postcode', '', MESSAGES.required],
    ['postcode', undefined, MESSAGES.required],
    ['email', 'a@b.co', null],
    ['email', 'a@b', MESSAGES.email],
    ['email', 'a b@c.com', MESSAGES.email],
    ['email', 'plainaddress', MESSAGES.email],
    ['name', 'Jane Mary', null],
    ['name', 'Zoë', null],
    ['name', "O'Brien", MESSAGES.alphabetical],
    ['name', 'Jane2', MESSAGES.alphabetical],
    ['last_name', 'Smith-Jones', MESSAGES.alphabetical],
    ['last_name', '   ', MESSAGES.required],
    ['phone', '0412345678', null],
    ['phone', '0612345678', PHONE_MESSAGES.au],
    ['message', 'Hello', null],
    ['message', '', MESSAGES.required],
    ['message', { an: 'object' }, MESSAGES.required],
    ['opt_in', undefined, null],
  ])('%s = %j -> %s', (name, value, message) => {
    expect(validateField({ field: field(name), value })).toBe(message);
  });

  it('postcode input has max length 4', () => expect(field('postcode').maxLength).toBe(4));
  it('uses the configured phone rule and test number', () => {
    expect(validateField({ field: field('phone'), value: '021234567', phoneRule: 'nz' })).toBeNull();
    expect(validateField({ field: field('phone'), value: '123', phoneRule: 'nz', testNumber: '123' })).toBeNull();
  });
});

describe('fieldsFor and defaults', () => {
  it('contact form is SPEC §3 field set with its labels and types', () => {
    expect(fieldsFor({ form: 'contact' }).map((f) => [f.name, f.label, f.type])).toEqual([
      ['special', 'special', 'hidden'],
      ['name', 'First Name', 'string'],
      ['last_name', 'Last Name', 'string'],
      ['postcode', 'Postcode', 'postcode'],
      ['phone', 'Mobile Number', 'phone'],
      ['email', 'Email Address', 'email'],
    ]);
  });

  it('general enquiry: category required, default General Enquiry; location required; opt_in true', () => {
    const fields = fieldsFor({ form: 'general' });
    expect(fields.find((f) => f.name === 'category')).toMatchObject({ required: true, default: 'General Enquiry' });
    expect(fields.find((f) => f.name === 'location_id')?.required).toBe(true);
    expect(defaultValues({ form: 'general' })).toEqual({ category: 'General Enquiry', opt_in: true });
    expect(defaultValues({ form: 'request-photos' }).message).toBe('Please send photos for this car');
  });

  it('message is required unless configured, and optional on the test drive', () => {
    const required = (form: FormKind, config = {}) => fieldsFor({ form, config }).find((f) => f.name === 'message')?.required;
    expect(required('enquiry')).toBe(true);
    expect(required('enquiry', { message_required: false })).toBe(false);
    expect(required('test-drive')).toBe(false);
    expect(required('test-drive', { message_required: true })).toBe(false);
  });

  it('rego and test drive date are optional', () => {
    expect(fieldsFor({ form: 'trade-in' }).find((f) => f.name === 'rego')?.required).toBe(false);
    expect(fieldsFor({ form: 'test-drive' }).find((f) => f.name === 'dateTime')?.required).toBe(false);
  });

  it("the service booking asks the odometer in the region's unit, as a number", () => {
    const odometer = (region: 'AU' | 'NZ' | 'US') => fieldsFor({ form: 'service', config: { region } }).find((f) => f.name === 'odometer');
    expect(odometer('AU')?.label).toBe('Odometer (km)');
    expect(odometer('NZ')?.label).toBe('Odometer (km)');
    expect(odometer('US')?.label).toBe('Odometer (mi)');
    expect(odometer('US')?.type).toBe('odometer');
  });

  it('subscribe drops message and location and submits with Subscribe', () => {
    const names = fieldsFor({ form: 'subscribe' }).map((f) => f.name);
    expect(names).not.toContain('message');
    expect(names).not.toContain('location_id');
    expect(defaultValues({ form: 'subscribe' })).toEqual({ category: 'General Enquiry' });
    expect(submitText({ form: 'subscribe' })).toBe('Subscribe');
    expect(submitText({ form: 'enquiry' })).toBe('Enquire Now');
    expect(submitText({ form: 'enquiry', config: { submit_text: 'Message Now' } })).toBe('Message Now');
  });

  it('career enquiry is a General Enquiry with subcategory Career Enquiry', () => {
    expect(defaultValues({ form: 'career' })).toEqual({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
  });

  it('adds hear-about-us and the opt-in text when configured', () => {
    const fields = fieldsFor({ form: 'enquiry', config: { hear_about_us: true, opt_in_text: 'Keep me posted' } });
    expect(fields.find((f) => f.name === 'hear_about_us')?.options).toEqual(HEAR_ABOUT_US_OPTIONS);
    expect(fields.find((f) => f.name === 'opt_in')?.label).toBe('Keep me posted');
    expect(fieldsFor({ form: 'enquiry' }).find((f) => f.name === 'opt_in')?.label).toBe(FORM_TEXT.optIn);
  });

  it('adds a required dealership select for group sites', () => {
    const fields = fieldsFor({ form: 'general', dealershipOptions: ['Sample Toyota', 'Sample Mazda'] });
    expect(fields.map((f) => f.name)).toContain('dealership');
    expect(fields.find((f) => f.name === 'dealership')).toMatchObject({ type: 'select', required: true });
    expect(fieldsFor({ form: 'contact', dealershipOptions: ['A'] }).map((f) => f.name)).not.toContain('dealership');
    expect(fieldsFor({ form: 'general', dealershipOptions: [] }).map((f) => f.name)).not.toContain('dealership');
    expect(validateForm({ form: 'general', values: VALID, dealershipOptions: ['A'] })).toEqual({ dealership: MESSAGES.required });
  });

  it('falls back to the enquiry fields for an unknown form', () => {
    expect(fieldsFor({ form: 'nope' as FormKind }).map((f) => f.name)).toEqual(FORM_FIELDS.enquiry.map((f) => f.name));
  });
});

describe('validateForm', () => {
  it('accepts a complete enquiry', () => expect(validateForm({ form: 'enquiry', values: VALID })).toEqual({}));

  it('requires every field by default', () => {
    expect(validateForm({ form: 'enquiry', values: {} })).toEqual({
      name: MESSAGES.required,
      last_name: MESSAGES.required,
      email: MESSAGES.required,
      phone: MESSAGES.required,
      postcode: MESSAGES.required,
      message: MESSAGES.required,
    });
  });

  it('terms agreement: its own message where required', () => {
    const config = { terms_required: true };
    expect(validateForm({ form: 'enquiry', values: VALID, config })).toEqual({ terms_conditions: MESSAGES.terms });
    expect(validateForm({ form: 'enquiry', values: { ...VALID, terms_conditions: 'on' }, config })).toEqual({});
  });

  it('finance terms_agreed is required', () => {
    expect(validateForm({ form: 'finance', values: { ...VALID, terms_agreed: false } })).toEqual({ terms_agreed: MESSAGES.required });
    expect(validateForm({ form: 'finance', values: VALID })).toEqual({});
  });

  it("finance trade-in: asked only with 'I have a car to trade in' ticked; then make, model, year and odometer, no rego (SPEC §5)", () => {
    const tradeIn = { trade_in_make: 'Mazda', trade_in_model: '3', trade_in_year: '2016', trade_in_odometer: '120,000' };
    const base = { ...VALID, terms_agreed: true };
    expect(validateForm({ form: 'finance', values: { ...base, trade_in: false } })).toEqual({});
    expect(validateForm({ form: 'finance', values: { ...base, trade_in: true, ...tradeIn } })).toEqual({});
    expect(validateForm({ form: 'finance', values: { ...base, trade_in: true } })).toEqual({
      trade_in_make: MESSAGES.required,
      trade_in_model: MESSAGES.required,
      trade_in_year: MESSAGES.required,
      trade_in_odometer: MESSAGES.required,
    });
    expect(validateForm({ form: 'finance', values: { ...base, trade_in: 'true', ...tradeIn, trade_in_year: '16', trade_in_odometer: '12.5' } })).toEqual({
      trade_in_year: YEAR_MESSAGE,
      trade_in_odometer: ODOMETER_MESSAGE,
    });
    // A value sent with the box unticked is still checked.
    expect(validateForm({ form: 'finance', values: { ...base, trade_in: false, trade_in_year: '16' } })).toEqual({ trade_in_year: YEAR_MESSAGE });
  });

  it('instant price request: make, model and a budget in whole dollars, then the contact details; the message is optional', () => {
    const request = { ...VALID, make: 'Subaru', model: 'Forester', message: '' };
    expect(validateForm({ form: 'instant-price', values: { ...request, budget: '$45,000' } })).toEqual({});
    expect(validateForm({ form: 'instant-price', values: { ...request, budget: '45000' } })).toEqual({});
    expect(validateForm({ form: 'instant-price', values: { ...request, budget: '45,000.50' } })).toEqual({ budget: AMOUNT_MESSAGE });
    expect(validateForm({ form: 'instant-price', values: { ...request, budget: 'lots' } })).toEqual({ budget: AMOUNT_MESSAGE });
    expect(validateForm({ form: 'instant-price', values: { ...VALID } })).toEqual({
      make: MESSAGES.required,
      model: MESSAGES.required,
      budget: MESSAGES.required,
    });
  });

  it('the odometer label carries the region unit', () => {
    const label = (region: 'AU' | 'US') => fieldsFor({ form: 'finance', config: { region } }).find((f) => f.name === 'trade_in_odometer')?.label;
    expect([label('AU'), label('US')]).toEqual(['Trade-in odometer (km)', 'Trade-in odometer (mi)']);
  });

  it('checks one step of the test drive', () => {
    expect(validateForm({ form: 'test-drive', values: {}, step: 1 })).toEqual({});
    expect(Object.keys(validateForm({ form: 'test-drive', values: {}, step: 0 }))).toEqual(['name', 'last_name', 'email', 'phone', 'postcode']);
  });

  it('hidden fields never fail', () => expect(validateForm({ form: 'contact', values: { ...VALID, special: 'x' } })).toEqual({}));

  it('postcode lookup message', () => {
    expect(postcodeLookupError({ found: false })).toBe('Invalid postcode');
    expect(postcodeLookupError({ found: true })).toBeNull();
  });

  it('never throws for any values', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.object());
    fc.assert(
      fc.property(
        fc.constantFrom(...FORM_KINDS),
        fc.dictionary(fc.constantFrom('name', 'email', 'phone', 'postcode', 'message', 'opt_in', 'x'), value),
        (form, values) => {
          const errors = validateForm({ form, values, config: { terms_required: true, hear_about_us: true } });
          for (const m of Object.values(errors)) expect(typeof m).toBe('string');
        },
      ),
    );
    expect(validateForm({ form: 'enquiry', values: null as unknown as Record<string, unknown> }).name).toBe(MESSAGES.required);
  });
});
