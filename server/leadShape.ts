/**
 * The TYPE check of lead API bodies (SPEC §7 `{lead: {...}}`): each known field must have its
 * type, or the request is refused with 400 naming the field. The business rules (required
 * fields, phone, email, postcode ...) are domain/formRules.ts's, applied after this.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { MAX_ROW_ID } from '../domain/leadApi.ts';

const str = { type: 'string', maxLength: 10_000 } as const;
const shortStr = { type: 'string', maxLength: 500 } as const;
/** A stock or record id: a positive safe integer (or its digits, as multipart fields send it). */
const positiveId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const id = { anyOf: [positiveId, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, { type: 'null' }] } as const;
/** An id of the lead server's own rows (PostgreSQL serial). */
const rowId = { type: 'integer', minimum: 1, maximum: MAX_ROW_ID } as const;
/**
 * The highest step index of a multi-step form (SPEC §4: steps indexed from 0). Every integer of
 * the lead is bounded: ids 1..2^53-1 (`positiveId`), `page_id` 0..2^53-1, `step_number` and
 * `skipped_steps[].from`/`.to` 0..MAX_FORM_STEP; a valuation's `year` 1900..2100, `odometer` and
 * `km` 0..10,000,000; row ids (PUT /valuations `id`) 1..MAX_ROW_ID.
 */
export const MAX_FORM_STEP = 100;
const formStep = { type: 'integer', minimum: 0, maximum: MAX_FORM_STEP } as const;
const stringList = { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 2000 } } as const;
const stringMap = { type: 'object', maxProperties: 200, additionalProperties: { type: 'string', maxLength: 2000 } } as const;

/** JSON Schema of the lead object (SPEC §3 Lead); unknown form fields are allowed. */
export const LEAD_SCHEMA = {
  type: 'object',
  required: ['dealership_slug'],
  properties: {
    name: shortStr,
    last_name: shortStr,
    email: shortStr,
    phone: shortStr,
    postcode: shortStr,
    message: str,
    opt_in: { type: 'boolean' },
    category: shortStr,
    subcategory: shortStr,
    dealership_slug: { type: 'string', minLength: 1, maxLength: 200 },
    website_slug: { type: 'string', maxLength: 200 },
    url: { type: 'string', maxLength: 2000 },
    source: shortStr,
    user_agent: { type: 'string', maxLength: 1000 },
    car_id: id,
    car_dealership_id: id,
    page_id: { anyOf: [shortStr, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'null' }] },
    location_id: id,
    lead_attributes: {
      type: 'object',
      properties: { visited_pages: stringList, linked_query_params: stringMap },
    },
    visited_pages: stringList,
    linked_query_params: stringMap,
    lead_status: shortStr,
    form_completed: { type: 'boolean' },
    lead_id: id,
    skipped_steps: {
      type: 'array',
      maxItems: 100,
      items: { type: 'object', required: ['from', 'to'], properties: { from: formStep, to: formStep } },
    },
    step_number: formStep,
    additional_services: stringList,
    manufacturer_slug: shortStr,
    stock_number: shortStr,
    'Vehicle Make': shortStr,
    'Vehicle Model': shortStr,
    /** The service booking's vehicle (its make, model and year as typed) and what it needs. */
    rego: { type: 'string', maxLength: 20 },
    make: shortStr,
    model: shortStr,
    year: { type: 'string', maxLength: 4 },
    odometer: { type: 'string', maxLength: 20 },
    service_type: shortStr,
    /** An instant price request's budget as typed. */
    budget: { type: 'string', maxLength: 20 },
    /** The finance application's trade-in (SPEC §5 rego optional: make, model, year and odometer). */
    trade_in: { type: 'boolean' },
    trade_in_make: shortStr,
    trade_in_model: shortStr,
    trade_in_year: { type: 'string', maxLength: 4 },
    trade_in_odometer: { type: 'string', maxLength: 20 },
    dealership: shortStr,
    car_type: shortStr,
    vehicle_status: shortStr,
    dateTime: shortStr,
    terms_conditions: { type: 'boolean' },
    terms_agreed: { type: 'boolean' },
    isLastStep: { type: 'boolean' },
    /** The honeypot: any value is accepted here, a filled one is dropped silently. */
    special: {},
    /** Which form sent the lead (domain/formRules.ts form kind); inferred when absent. */
    form: shortStr,
  },
} as const;

/** Body of POST/PUT /api/leads and POST /api/carClarityCustomer. */
export const LEAD_BODY_SCHEMA = { type: 'object', required: ['lead'], properties: { lead: LEAD_SCHEMA } } as const;

/** Body of POST /api/phone-reveal (SPEC §7). */
export const PHONE_REVEAL_SCHEMA = {
  type: 'object',
  required: ['car_id'],
  properties: {
    car_id: positiveId,
    dealership_id: { anyOf: [positiveId, { type: 'null' }] },
    website_id: { anyOf: [positiveId, { type: 'null' }] },
  },
} as const;

/** Body of POST /api/simple-autograb-lookup (SPEC §7). */
export const REGO_LOOKUP_SCHEMA = {
  type: 'object',
  // A plate and its state, or (where the region takes one) a VIN: domain/valuationVehicle.ts registrationErrors decides.
  properties: { rego: { type: 'string', maxLength: 20 }, regoState: { type: 'string', maxLength: 10 }, vin: { type: 'string', maxLength: 20 } },
} as const;

/** Body of PUT /api/valuations (SPEC §7). */
export const VALUATION_UPDATE_SCHEMA = {
  type: 'object',
  required: ['id', 'adjustmentAnswers'],
  properties: { id: rowId, adjustmentAnswers: { type: ['object', 'array'] } },
} as const;

/** Fields of a valuation request body that are typed (the rest is the user's data). */
export const VALUATION_CREATE_SCHEMA = {
  type: 'object',
  properties: {
    rego: { type: 'string', maxLength: 20 },
    regoState: { type: 'string', maxLength: 10 },
    vin: { type: 'string', maxLength: 20 },
    /** The odometer as the shopper typed it, in `odometer_unit`; `km` is the same reading in km. */
    odometer: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    odometer_unit: { enum: ['kilometer', 'mile'] },
    dealership_slug: { type: 'string', maxLength: 200 },
    car_id: id,
    car_dealership_id: id,
    url: { type: 'string', maxLength: 2000 },
    source: shortStr,
    user_agent: { type: 'string', maxLength: 1000 },
    lead_attributes: { type: 'object' },
    /** A car described without its rego (SPEC §5): make, model and year with the odometer. */
    make: { type: 'string', maxLength: 60 },
    model: { type: 'string', maxLength: 60 },
    year: { type: 'integer', minimum: 1900, maximum: 2100 },
    km: { type: 'integer', minimum: 0, maximum: 10_000_000 },
  },
} as const;

/** Body of POST /api/miscellaneous (SPEC §7: the valuation response plus column_name). */
export const MISCELLANEOUS_SCHEMA = {
  type: 'object',
  required: ['column_name'],
  properties: { column_name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** Any JSON object (events whose payload SPEC does not show). */
export const ANY_OBJECT_SCHEMA = { type: 'object' } as const;

// No coercion: "wrong types" must be refused, not silently converted.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, strict: false });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks `value` against `schema`; returns {field: message} (empty when valid). Field names are
 * the path below the top object, without the `lead.` wrapper ("phone", "lead_attributes.visited_pages").
 */
export function shapeErrors({ schema, value }: { schema: object; value: unknown }): Record<string, string> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return {};
  const errors: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    // anyOf reports each failed branch, then itself: its summary replaces the branch messages.
    if (error.keyword === 'anyOf') errors[field] = messageOf(error);
    else errors[field] ??= messageOf(error);
  }
  return errors;
}

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .filter((segment) => !/^\d+$/.test(segment));
  if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
  if (segments[0] === 'lead' && segments.length > 1) segments.shift();
  return segments.length ? segments.join('.') : 'body';
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'type') return `must be ${article((error.params as { type: string | string[] }).type)}`;
  if (error.keyword === 'anyOf') return 'has the wrong type or is out of range';
  // Never echo the value that was sent (it may be anything).
  if (error.keyword === 'enum') return 'is not one of the accepted values';
  return error.message ?? 'is invalid';
}

function article(type: string | string[]): string {
  const names = (Array.isArray(type) ? type : [type]).map((t) =>
    t === 'integer' ? 'an integer' : t === 'object' ? 'an object' : t === 'array' ? 'a list' : t === 'null' ? 'null' : `a ${t}`,
  );
  return names.join(' or ');
}
