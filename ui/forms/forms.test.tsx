import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { FORM_TEXT, MESSAGES } from '../../domain/formMessages.ts';
import { formPlan, leadCategory, nextStep } from './formPlan.ts';
import type { FormSite } from './formSite.ts';
import { LeadForm } from './LeadForm.tsx';
import { Field } from './Field.tsx';
import { attemptFor, initialValues, leadValues, prefill } from './submission.ts';

const SITE: FormSite = {
  slug: 'shopper-motors',
  dealershipSlug: 'shopper-motors',
  dealerId: 301,
  websiteId: 301,
  region: 'AU',
  api: { api_base: '', mock_mode: false },
  config: { phone_rule: 'au', test_phone_number: '0400000000' },
  submitText: '',
  dealershipOptions: [],
  locations: [
    { id: 31, name: 'Sales', location_type: 'sales', hours: [], special: [] },
    { id: 32, name: 'Service', location_type: 'service', hours: [], special: [] },
  ],
  timezone: 'Australia/Sydney',
  chatWidgetUrl: null,
  searchPath: '/search/new-used-and-demo-cars',
  privacyPath: '/privacy-policy',
  privacyStatementPath: '/pages/privacy-statement',
};

describe('form plans', () => {
  it('every form carries the honeypot', () => {
    for (const form of ['enquiry', 'general', 'contact', 'test-drive', 'finance', 'subscribe', 'career', 'request-photos'] as const) {
      expect(formPlan({ form, site: SITE }).fields.filter((f) => f.name === 'special')).toHaveLength(1);
    }
  });
  it('the test drive has two steps: contact details and message, then date and time', () => {
    const plan = formPlan({ form: 'test-drive', site: SITE });
    expect(plan.steps).toEqual([
      ['name', 'last_name', 'email', 'phone', 'postcode', 'message'],
      ['dateTime', 'opt_in'],
    ]);
    expect(plan.saveSteps).toBe(false);
  });
  it('finance saves each step as an incomplete lead', () => {
    const plan = formPlan({ form: 'finance', site: SITE });
    expect(plan.steps).toEqual([
      ['name', 'last_name', 'email', 'phone', 'postcode', 'trade_in'],
      ['trade_in_make', 'trade_in_model', 'trade_in_year', 'trade_in_odometer'],
      ['terms_agreed', 'opt_in'],
    ]);
    expect(plan.saveSteps).toBe(true);
    expect(plan.optionalSteps).toEqual({ 1: 'trade_in' });
  });
  it('finance skips the trade-in step when the shopper has no car to trade (SPEC §4 skip)', () => {
    const plan = formPlan({ form: 'finance', site: SITE });
    expect(nextStep({ plan, index: 0, values: { trade_in: false } })).toBe(2);
    expect(nextStep({ plan, index: 0, values: {} })).toBe(2);
    expect(nextStep({ plan, index: 0, values: { trade_in: true } })).toBe(1);
    expect(nextStep({ plan, index: 1, values: { trade_in: true } })).toBe(2);
    // Not sent when left out; sent when asked.
    const typed = { trade_in: false, trade_in_make: 'Mazda' };
    expect(leadValues({ fields: plan.fields, values: typed })).not.toHaveProperty('trade_in_make');
    expect(leadValues({ fields: plan.fields, values: { ...typed, trade_in: true } })).toMatchObject({ trade_in: true, trade_in_make: 'Mazda' });
  });
  it('the subscribe form drops the removed fields', () => {
    const names = formPlan({ form: 'general', site: SITE, remove: ['message', 'location_id'] }).fields.map((f) => f.name);
    expect(names).not.toContain('message');
    expect(names).not.toContain('location_id');
  });
  it('files leads under a category: the chosen one, the car type, or the form', () => {
    expect(leadCategory({ form: 'general', values: { category: 'Service Enquiry' } })).toBe('Service Enquiry');
    expect(leadCategory({ form: 'enquiry', values: {}, car: { car_type: 'used' } as never })).toBe('Used Vehicle Enquiry');
    expect(leadCategory({ form: 'enquiry', values: {} })).toBe('General Enquiry');
    expect(leadCategory({ form: 'test-drive', values: {} })).toBe('Test Drive');
  });
});

describe('submission values', () => {
  const fields = formPlan({ form: 'general', site: SITE }).fields;
  it('start from the defaults: opt_in checked, category General Enquiry', () => {
    const values = initialValues({ fields });
    expect(values.opt_in).toBe(true);
    expect(values.category).toBe('General Enquiry');
    expect(values.name).toBe('');
  });
  it('prefill fills only empty contact fields from saved details', () => {
    const values = { ...initialValues({ fields }), name: 'Typed' };
    const next = prefill({ values, saved: { name: 'Saved', email: 'a@b.co', message: 'no' } as never, fields });
    expect(next.name).toBe('Typed');
    expect(next.email).toBe('a@b.co');
    expect(next.message).toBe('');
  });
  it('lead values: checkboxes as booleans, location as a number, text as typed', () => {
    const lead = leadValues({ fields, values: { ...initialValues({ fields }), name: ' Ann ', location_id: '32', opt_in: false } });
    expect(lead).toMatchObject({ name: ' Ann ', location_id: 32, opt_in: false, special: '' });
  });
  it('reuses the Idempotency-Key only for the same values', () => {
    let n = 0;
    const newKey = () => `k${++n}`;
    const first = attemptFor({ previous: null, payload: { a: 1, b: 2 }, newKey });
    expect(attemptFor({ previous: first, payload: { b: 2, a: 1 }, newKey }).key).toBe('k1');
    expect(attemptFor({ previous: first, payload: { a: 1, b: 3 }, newKey }).key).toBe('k2');
  });
});

describe('LeadForm server render', () => {
  const render = (form: Parameters<typeof LeadForm>[0]['form'], site = SITE) => renderToString(<LeadForm form={form} site={site} idPrefix="t" label="Test" />);
  it('labels every field and checks the opt-in by default with SPEC text', () => {
    const html = render('enquiry');
    for (const label of ['First Name', 'Last Name', 'Email Address', 'Mobile Number', 'Postcode']) expect(html).toContain(`>${label} *</label>`);
    expect(html).toMatch(/<input id="t-opt_in" type="checkbox" name="opt_in" checked=""/);
    expect(html).toContain(FORM_TEXT.optIn.replace('&', '&amp;'));
    expect(html).toContain('maxLength="4"');
    expect(html).toContain('>Enquire Now</button>');
    expect(html).not.toContain(MESSAGES.required);
  });
  it("uses the dealer's submit text", () => {
    expect(render('enquiry', { ...SITE, submitText: 'Message Now' })).toContain('>Message Now</button>');
  });
  it('the test drive starts at Step 1 of 2 with Continue', () => {
    const html = render('test-drive');
    expect(html).toContain('Step 1 of 2');
    expect(html).toContain('aria-valuenow="0"');
    expect(html).toContain('>Continue</button>');
    expect(html).not.toContain('name="dateTime"');
  });
  it('the general enquiry has category and location selects', () => {
    const html = render('general');
    expect(html).toMatch(/<select id="t-category"[^>]*>/);
    expect(html).toContain('<option value="32">Service</option>');
  });
  it("adds 'Where did you hear about us?' (8 options) and the required terms where the dealer configures them", () => {
    const html = render('enquiry', { ...SITE, config: { ...SITE.config, hear_about_us: true, terms_required: true } });
    expect(html).toContain('>Where did you hear about us? *</label>');
    expect(html.match(/<option value="(Facebook Marketplace|Facebook|Instagram|Google|Word of Mouth|Car Sales|Repeat Customer|Other)">/g)).toHaveLength(8);
    expect(html).toContain('name="terms_conditions"');
  });
  it('links the privacy page beside every submit button, and the Privacy Statement from the finance checkbox', () => {
    for (const form of ['enquiry', 'general', 'contact', 'test-drive', 'finance', 'subscribe', 'career', 'request-photos', 'reserve'] as const) {
      expect(render(form)).toMatch(
        /<\/button><p class="small form-privacy">We handle your details as our <a href="\/privacy-policy">Privacy Policy<\/a> explains.<\/p><\/div>/,
      );
    }
    const terms = formPlan({ form: 'finance', site: SITE }).fields.find((f) => f.name === 'terms_agreed')!;
    const html = renderToString(
      <Field field={terms} idPrefix="t" value={false} onChange={() => {}} labelLink={{ text: FORM_TEXT.privacyStatement, href: SITE.privacyStatementPath }} />,
    );
    expect(html).toContain('<label for="t-terms_agreed">I have read and understood the <a href="/pages/privacy-statement">Privacy Statement</a></label>');
  });
  it("preselects a link's dealership, which the shopper may change (finance ?preferredDealership=)", () => {
    const group = { ...SITE, dealershipOptions: ['Bayside Cars', 'Bayside Kia'] };
    const html = renderToString(<LeadForm form="finance" site={group} idPrefix="t" label="Test" preset={{ dealership: 'Bayside Kia' }} />);
    expect(html).toContain('<option value="Bayside Kia" selected="">Bayside Kia</option>');
  });
  it('the service booking: vehicle fields, drop-off, service type; one service location needs no select', () => {
    const html = render('service');
    for (const label of [
      'Vehicle make *',
      'Vehicle model *',
      'Vehicle year *',
      'Preferred drop-off date and time *',
      'Service type *',
      'Rego',
      'Odometer (km)',
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).not.toContain('name="location_id"');
    expect(html).toContain('>Book a Service</button>');
    const two = { ...SITE, locations: [...SITE.locations, { id: 33, name: 'Service 2', location_type: 'service', hours: [], special: [] }] };
    const select = render('service', two);
    expect(select).toContain('<option value="32">Service</option><option value="33">Service 2</option>');
    expect(select).not.toContain('<option value="31">');
  });
  it('the hidden honeypot is out of reach', () => {
    expect(render('contact')).toMatch(/<div class="form-honeypot" aria-hidden="true">.*tabindex="-1"/);
  });
});
