/**
 * The TYPE check of lead API bodies (SPEC §7 `{lead: {...}}`): each known field must have its
 * type, or the request is refused with 400 naming the field. The business rules (required
 * fields, phone, email, postcode ...) are domain/formRules.ts's, applied after this.
 *
 * The lead's own shape is schema/lead.schema.json; the smaller bodies of the other routes are
 * declared here. All are compiled by the record schemas' ajv setup (schema/index.ts).
 */
import type { ValidateFunction } from 'ajv';
import { MAX_ROW_ID } from '../domain/leadApi.ts';
import { isSafeUrl } from '../domain/safeUrl.ts';
import { fieldErrors } from '../schema/errorWords.ts';
import { schemaId, schemaValidators } from '../schema/index.ts';
import leadSchema from '../schema/lead.schema.json' with { type: 'json' };

const shortStr = { type: 'string', maxLength: 500 } as const;
/** A stock or record id: a positive safe integer (or its digits, as multipart fields send it). */
const positiveId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const id = { anyOf: [positiveId, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, { type: 'null' }] } as const;
/** An id of the lead server's own rows (PostgreSQL serial). */
const rowId = { type: 'integer', minimum: 1, maximum: MAX_ROW_ID } as const;

/** The highest step index of a multi-step form a lead may name (schema/lead.schema.json `stepIndex`). */
export const MAX_FORM_STEP: number = leadSchema.$defs.stepIndex.maximum;

/**
 * Body of POST/PUT /api/leads and POST /api/carClarityCustomer: `{lead}`, the lead contract of
 * schema/lead.schema.json (SPEC §3 Lead), which the browser client builds and delivery reads.
 */
export const LEAD_BODY_SCHEMA = { $ref: `${schemaId('lead.schema.json')}#/$defs/leadBody` } as const;

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

// The records' ajv: every error at once, no coercion ("wrong types" are refused, not converted), no defaults.
const validators = schemaValidators({ formats: { 'safe-url': isSafeUrl } });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks `value` against `schema`; returns {field: message} (empty when valid), in
 * schema/errorWords.ts's words. Field names are the path below the top object, without the
 * `lead.` wrapper ("phone", "lead_attributes.visited_pages").
 */
export function shapeErrors({ schema, value }: { schema: object; value: unknown }): Record<string, string> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = validators.ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? {} : fieldErrors(validate.errors ?? []);
}
