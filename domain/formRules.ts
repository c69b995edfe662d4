/**
 * Lead forms (SPEC §5 "Form fields", §3 "Contact form field set"): which fields each form has
 * and how they are validated. The form island renders `fieldsFor`, checks with `validateForm`
 * before sending, and the lead server runs the same `validateForm` on what it receives.
 */
import type { FormsConfig, PhoneRule, Region } from './site.ts';
import { validatePhone } from './phone.ts';
import { regionSettings, spellWith } from './region.ts';
import { unitAbbr } from './distance.ts';
import { DEFAULT_REGION } from './regionTable.ts';
import { FORM_TEXT, HEAR_ABOUT_US_OPTIONS, MESSAGES } from './formMessages.ts';

export { MESSAGES } from './formMessages.ts';

/** The forms of the product. */
export type FormKind =
  | 'enquiry'
  | 'general'
  | 'contact'
  | 'test-drive'
  | 'finance'
  | 'trade-in'
  | 'reserve'
  | 'subscribe'
  | 'career'
  | 'request-photos'
  | 'service'
  | 'instant-price';

/** Every form kind, for iteration. */
export const FORM_KINDS: readonly FormKind[] = [
  'enquiry',
  'general',
  'contact',
  'test-drive',
  'finance',
  'trade-in',
  'reserve',
  'subscribe',
  'career',
  'request-photos',
  'service',
  'instant-price',
];

/** The category of an instant price request (an information page's embedded form: the car wanted and the budget). */
export const INSTANT_PRICE_CATEGORY = 'Instant Price Request';

/** The budget field's rule: whole dollars, commas and a leading $ allowed. */
export const AMOUNT_MESSAGE = 'Please enter the budget in whole dollars.';

/** SPEC §1 'book a service': the category of a service booking lead. */
export const SERVICE_BOOKING_CATEGORY = 'Service Booking';

/** The services a booking can ask for; the first is the default. */
export const SERVICE_TYPES: readonly string[] = ['Scheduled logbook service', 'General service', 'Repairs or diagnosis', 'Tyres, brakes or battery', 'Other'];

/** The year field's rule: four digits, from 1900 to next year. */
export const YEAR_MESSAGE = 'Please enter the year as four digits.';

/** The odometer field's rule: a whole number of up to 7 digits (spaces and commas allowed). */
export const ODOMETER_MESSAGE = 'Please enter the odometer reading as a whole number.';

/** Field input types (SPEC §3 contact field types plus the controls the forms use). */
export type FieldType = 'string' | 'postcode' | 'phone' | 'email' | 'select' | 'checkbox' | 'textarea' | 'date' | 'hidden' | 'year' | 'odometer' | 'amount';

/** One form field as the island renders it and the server checks it. */
export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Letters and spaces only (first and last name). */
  alphabetical?: boolean;
  /** The input's maxlength attribute (postcode 4); values longer fail their type rule. */
  maxLength?: number;
  /** Anchored pattern source the value must match (the region's postcode rule), and its message. */
  pattern?: string;
  patternMessage?: string;
  /** The input's inputmode hint. */
  inputMode?: 'numeric' | 'text';
  /** Stored values; `optionLabels` gives the text shown for a value when it differs (US spelling). */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** Initial value (opt_in true, category General Enquiry ...). */
  default?: string | boolean;
  /** Message shown when a required checkbox is unticked, if not the generic one. */
  requiredMessage?: string;
  /** Step of a multi-step form (test drive: 0 contact and message, 1 date and time). */
  step?: number;
  /**
   * The checkbox this field depends on: required only when it is ticked. A step made of such
   * fields is optional: the multi-step form skips it when the box is left unticked (SPEC §4 skip).
   */
  requiredWhen?: string;
}

/** The per-dealer settings forms read (a subset of the dealer record's `forms`). */
export type FormConfig = Pick<FormsConfig, 'message_required' | 'terms_required' | 'hear_about_us' | 'phone_rule' | 'test_phone_number' | 'opt_in_text'> & {
  /** The site's region: its postcode rule, registration wording and spelling (domain/regionTable.ts). Default AU. */
  region?: Region;
};

/** General enquiry categories; the first is the default (SPEC §5). */
export const ENQUIRY_CATEGORIES: readonly string[] = [
  FORM_TEXT.generalEnquiry,
  'New Vehicle Enquiry',
  'Used Vehicle Enquiry',
  'Demo Vehicle Enquiry',
  'Service Enquiry',
  'Parts Enquiry',
  'Finance Enquiry',
];

const firstName: FieldSpec = { name: 'name', label: 'First Name', type: 'string', required: true, alphabetical: true };
const lastName: FieldSpec = { name: 'last_name', label: 'Last Name', type: 'string', required: true, alphabetical: true };
const email: FieldSpec = { name: 'email', label: 'Email Address', type: 'email', required: true };
const phone: FieldSpec = { name: 'phone', label: 'Mobile Number', type: 'phone', required: true };
const postcode: FieldSpec = { name: 'postcode', label: 'Postcode', type: 'postcode', required: true, maxLength: 4 };
const message: FieldSpec = { name: 'message', label: 'Message', type: 'textarea', required: true };
const optIn: FieldSpec = { name: 'opt_in', label: FORM_TEXT.optIn, type: 'checkbox', required: false, default: true };
const location: FieldSpec = { name: 'location_id', label: 'Location', type: 'select', required: true };
const hidden = (name: string, value = ''): FieldSpec => ({ name, label: name, type: 'hidden', required: false, default: value });
const contactDetails = [firstName, lastName, email, phone, postcode];

/** Each form's fields before per-dealer configuration is applied (see fieldsFor). */
export const FORM_FIELDS: Record<FormKind, readonly FieldSpec[]> = {
  enquiry: [...contactDetails, message, optIn],
  general: [
    { name: 'category', label: 'Category', type: 'select', required: true, options: ENQUIRY_CATEGORIES, default: FORM_TEXT.generalEnquiry },
    ...contactDetails,
    location,
    message,
    optIn,
  ],
  // SPEC §3 contact form field set, in its order, with its labels and types.
  contact: [hidden('special'), firstName, lastName, postcode, phone, email],
  'test-drive': [
    ...contactDetails.map((f) => ({ ...f, step: 0 })),
    { ...message, required: false, step: 0 },
    { name: 'dateTime', label: 'Preferred date and time', type: 'date', required: false, step: 1 },
    { ...optIn, step: 1 },
  ],
  finance: [
    ...contactDetails,
    // SPEC §5 'Rego is optional': a trade-in is named by its make, model, year and odometer.
    { name: 'trade_in', label: 'I have a car to trade in', type: 'checkbox', required: false, default: false },
    { name: 'trade_in_make', label: 'Trade-in make', type: 'string', required: true, maxLength: 60, requiredWhen: 'trade_in' },
    { name: 'trade_in_model', label: 'Trade-in model', type: 'string', required: true, maxLength: 60, requiredWhen: 'trade_in' },
    { name: 'trade_in_year', label: 'Trade-in year', type: 'year', required: true, maxLength: 4, requiredWhen: 'trade_in' },
    { name: 'trade_in_odometer', label: 'Trade-in odometer', type: 'odometer', required: true, maxLength: 9, requiredWhen: 'trade_in' },
    {
      name: 'terms_agreed',
      label: FORM_TEXT.financeTerms,
      type: 'checkbox',
      required: true,
      requiredMessage: MESSAGES.required,
    },
    optIn,
  ],
  // The plate, state and VIN fields take the region's wording and states (regionFields).
  'trade-in': [
    ...contactDetails,
    { name: 'rego', label: 'Rego', type: 'string', required: false },
    { name: 'regoState', label: 'Rego State', type: 'select', required: false, options: [] },
    { name: 'vin', label: 'VIN', type: 'string', required: false, maxLength: 17 },
    { ...message, required: false },
  ],
  reserve: [...contactDetails],
  // SPEC §2: the subscribe form is a general enquiry with the message and location removed.
  subscribe: [hidden('category', FORM_TEXT.generalEnquiry), ...contactDetails],
  career: [hidden('category', FORM_TEXT.generalEnquiry), hidden('subcategory', FORM_TEXT.careerEnquiry), ...contactDetails, message],
  'request-photos': [...contactDetails, { ...message, default: FORM_TEXT.photoRequestMessage }, optIn],
  // An information page's instant price request: the car wanted, the budget, contact details.
  'instant-price': [
    { name: 'make', label: 'Make', type: 'string', required: true, maxLength: 60 },
    { name: 'model', label: 'Model', type: 'string', required: true, maxLength: 60 },
    { name: 'budget', label: 'Budget', type: 'amount', required: true, maxLength: 12 },
    ...contactDetails,
    { ...message, required: false },
    optIn,
  ],
  // SPEC §1 'book a service': contact details, the vehicle, when, what, and a message.
  service: [
    ...contactDetails,
    { name: 'rego', label: 'Rego', type: 'string', required: false, maxLength: 9 },
    { name: 'make', label: 'Vehicle make', type: 'string', required: true, maxLength: 60 },
    { name: 'model', label: 'Vehicle model', type: 'string', required: true, maxLength: 60 },
    { name: 'year', label: 'Vehicle year', type: 'year', required: true, maxLength: 4 },
    { name: 'odometer', label: 'Odometer', type: 'odometer', required: false, maxLength: 9 },
    { name: 'location_id', label: 'Service location', type: 'select', required: true },
    { name: 'dateTime', label: 'Preferred drop-off date and time', type: 'date', required: true },
    { name: 'service_type', label: 'Service type', type: 'select', required: true, options: SERVICE_TYPES, default: SERVICE_TYPES[0] },
    message,
    optIn,
  ],
};

/** Forms that ask which dealership of a group the shopper means. */
const DEALERSHIP_SELECT_FORMS: readonly FormKind[] = ['general', 'enquiry', 'test-drive', 'finance', 'trade-in'];

/**
 * The fields a form shows for a dealer: the message is required unless `message_required` is
 * false (always optional on the test drive); the terms-agreement checkbox is added when
 * `terms_required`; the 'Where did you hear about us?' select when `hear_about_us`; the opt-in
 * label follows `opt_in_text`.
 */
export function fieldsFor({
  form,
  config = {},
  dealershipOptions,
}: {
  form: FormKind;
  config?: FormConfig;
  /** A group site's dealerships: adds a required 'dealership' select (SPEC §5) to forms that take a location or a car. */
  dealershipOptions?: readonly string[];
}): FieldSpec[] {
  const base = FORM_FIELDS[form] ?? FORM_FIELDS.enquiry;
  const fields = base.map((field): FieldSpec => {
    if (field.name === 'message' && form !== 'test-drive' && config.message_required === false) return { ...field, required: false };
    if (field.name === 'opt_in' && config.opt_in_text) return { ...field, label: config.opt_in_text };
    return { ...field };
  });
  if (dealershipOptions && dealershipOptions.length > 0 && DEALERSHIP_SELECT_FORMS.includes(form)) {
    const at = fields.findIndex((f) => f.name === 'postcode') + 1;
    fields.splice(at, 0, { name: 'dealership', label: 'Dealership', type: 'select', required: true, options: dealershipOptions });
  }
  if (config.hear_about_us && form !== 'contact') {
    fields.push({ name: 'hear_about_us', label: FORM_TEXT.hearAboutUs, type: 'select', required: true, options: HEAR_ABOUT_US_OPTIONS });
  }
  if (config.terms_required && form !== 'contact') {
    fields.push({ name: 'terms_conditions', label: 'I agree to the terms of use', type: 'checkbox', required: true, requiredMessage: MESSAGES.terms });
  }
  return regionFields({ fields, region: config.region ?? DEFAULT_REGION });
}

/**
 * The fields as the region asks them (domain/regionTable.ts): its postcode rule (label, pattern,
 * maxlength, message), its registration wording and states (no state select where plates have
 * one register, a VIN field only where the region takes one) and its spelling of every label
 * and option text. Stored values (option values, field names) never change.
 */
export function regionFields({ fields, region }: { fields: readonly FieldSpec[]; region: Region }): FieldSpec[] {
  const row = regionSettings(region);
  const say = (text: string) => spellWith({ text, spelling: row.spelling });
  const out: FieldSpec[] = [];
  for (const field of fields) {
    let next: FieldSpec = { ...field };
    if (field.type === 'postcode') {
      next = {
        ...next,
        label: row.postcode.label,
        maxLength: row.postcode.max_length,
        pattern: row.postcode.pattern,
        patternMessage: row.postcode.message,
        inputMode: row.postcode.input_mode,
      };
    }
    if (field.name === 'rego') next.label = row.registration.plate_label;
    if (field.type === 'odometer') next.label = `${next.label} (${unitAbbr(row.distance_unit)})`;
    if (field.name === 'regoState') {
      if (row.registration.state_label === null) continue;
      next = { ...next, label: row.registration.state_label, options: row.states.map((s) => s.code) };
    }
    if (field.name === 'vin') {
      if (row.registration.vin_label === null) continue;
      next.label = row.registration.vin_label;
    }
    next.label = say(next.label);
    // Dealership names are proper names: only the form's own option texts are spelt.
    if (next.options && row.spelling.length && field.name !== 'dealership') {
      const labels = Object.fromEntries(next.options.map((o) => [o, say(o)]).filter(([o, text]) => o !== text));
      if (Object.keys(labels).length) next.optionLabels = labels;
    }
    if (next.requiredMessage) next.requiredMessage = say(next.requiredMessage);
    out.push(next);
  }
  return out;
}

/** Initial values of a form: opt_in true, category General Enquiry, the photo-request message. */
export function defaultValues({ form, config }: { form: FormKind; config?: FormConfig }): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fieldsFor({ form, config })) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

// SPEC §5 "the usual pattern": something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALPHABETICAL = /^[\p{L} ]+$/u;
// SPEC §5 postcode rule, for a field that carries no region pattern.
const POSTCODE = /^\d{4}$/;

/** A form value as text; anything that is not a string, number or boolean counts as empty. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function validYear(text: string): boolean {
  return /^\d{4}$/.test(text) && Number(text) >= 1900 && Number(text) <= new Date().getUTCFullYear() + 1;
}

function ticked(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on' || value === '1' || value === 1;
}

/** True when a field that depends on a checkbox is not asked: the box is unticked. */
export function notAsked({ field, values }: { field: FieldSpec; values: Record<string, unknown> }): boolean {
  return field.requiredWhen !== undefined && !ticked(values[field.requiredWhen]);
}

/** The message for one field's value, or null when it is valid. */
export function validateField({
  field,
  value,
  phoneRule = 'au',
  testNumber,
}: {
  field: FieldSpec;
  value: unknown;
  phoneRule?: PhoneRule;
  testNumber?: string | null;
}): string | null {
  if (field.type === 'hidden') return null;
  if (field.type === 'checkbox') return field.required && !ticked(value) ? (field.requiredMessage ?? MESSAGES.required) : null;
  const raw = text(value);
  if (raw.trim() === '') return field.required ? MESSAGES.required : null;
  const trimmed = raw.trim();
  if (field.type === 'email' && !EMAIL.test(trimmed)) return MESSAGES.email;
  if (field.alphabetical && !ALPHABETICAL.test(trimmed)) return MESSAGES.alphabetical;
  if (field.type === 'postcode' && !(field.pattern ? new RegExp(field.pattern) : POSTCODE).test(trimmed)) return field.patternMessage ?? MESSAGES.postcode;
  if (field.type === 'year' && !validYear(trimmed)) return YEAR_MESSAGE;
  if (field.type === 'odometer' && !/^\d{1,7}$/.test(trimmed.replace(/[\s,]/g, ''))) return ODOMETER_MESSAGE;
  if (field.type === 'amount' && !/^\$?\d{1,9}$/.test(trimmed.replace(/[\s,]/g, ''))) return AMOUNT_MESSAGE;
  if (field.type === 'phone') return validatePhone({ value: raw, rule: phoneRule, testNumber });
  return null;
}

/**
 * Validates a whole form: a map of field name to message, empty when the form is valid.
 * Pass `step` to check only one step of a multi-step form.
 */
export function validateForm({
  form,
  values,
  config = {},
  step,
  dealershipOptions,
}: {
  form: FormKind;
  values: Record<string, unknown>;
  config?: FormConfig;
  step?: number;
  dealershipOptions?: readonly string[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const source = values != null && typeof values === 'object' ? values : {};
  for (const field of fieldsFor({ form, config, dealershipOptions })) {
    if (step !== undefined && field.step !== undefined && field.step !== step) continue;
    // A field whose checkbox is unticked is not asked; a value sent anyway is still checked.
    const message = validateField({
      field: notAsked({ field, values: source }) ? { ...field, required: false } : field,
      value: Object.prototype.hasOwnProperty.call(source, field.name) ? source[field.name] : undefined,
      phoneRule: config.phone_rule ?? 'au',
      testNumber: config.test_phone_number,
    });
    if (message !== null) errors[field.name] = message;
  }
  return errors;
}

/** SPEC §5: the postcode lookup message when geocoding found nothing, else null. */
export function postcodeLookupError({ found }: { found: boolean }): string | null {
  return found ? null : MESSAGES.postcodeNotFound;
}

/**
 * The submit button text: 'Subscribe' on the subscribe form, 'Book a Service' on the service booking, else the dealer's text or 'Enquire
 * Now', spelt for the region ('Inquire Now' on a US site).
 */
export function submitText({
  form,
  config = {},
  region = DEFAULT_REGION,
}: {
  form: FormKind;
  config?: Pick<FormsConfig, 'submit_text'>;
  region?: Region;
}): string {
  if (form === 'subscribe') return FORM_TEXT.subscribe;
  if (form === 'service') return spellWith({ text: FORM_TEXT.bookService, spelling: regionSettings(region).spelling });
  const text = config.submit_text && config.submit_text.trim() !== '' ? config.submit_text : FORM_TEXT.submit;
  return spellWith({ text, spelling: regionSettings(region).spelling });
}
