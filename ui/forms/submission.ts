/**
 * Pure pieces of a form submission: initial values (defaults, then saved details), the values a
 * lead carries, and the Idempotency-Key rule — one key per submission attempt, the same key
 * when the same values are sent again after a failure, so a retry never makes a second lead.
 */
import { notAsked, type FieldSpec } from '../../domain/formRules.ts';
import type { SavedDetails } from '../islandServices.ts';

/** A form's values as the inputs hold them. */
export type FormValues = Record<string, string | boolean>;

/** SPEC §3: prefill uses only these saved fields. */
export const PREFILL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/** Defaults of the fields (opt_in true, category General Enquiry ...); checkboxes false, the rest ''. */
export function initialValues({ fields, fixed = {} }: { fields: FieldSpec[]; fixed?: FormValues }): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    values[field.name] = field.default !== undefined ? field.default : field.type === 'checkbox' ? false : '';
  }
  return { ...values, ...fixed };
}

/** Fills empty contact fields from saved details; never overwrites what was typed. */
export function prefill({ values, saved, fields }: { values: FormValues; saved: SavedDetails; fields: FieldSpec[] }): FormValues {
  const next = { ...values };
  for (const name of PREFILL_FIELDS) {
    const value = saved[name];
    if (typeof value === 'string' && value && fields.some((f) => f.name === name) && next[name] === '') next[name] = value;
  }
  return next;
}

/** The lead fields of the form values: checkboxes as booleans, location_id as a number, texts as typed. */
export function leadValues({ fields, values, names }: { fields: FieldSpec[]; values: FormValues; names?: readonly string[] }): Record<string, unknown> {
  const lead: Record<string, unknown> = {};
  for (const field of fields) {
    if (names && !names.includes(field.name) && field.type !== 'hidden') continue;
    // A field of an optional step the shopper left out (no car to trade) is not sent.
    if (notAsked({ field, values })) continue;
    const value = values[field.name];
    // An optional date left empty (the test drive's) is not sent: a lead with dateTime "" reads as a booking.
    if (field.type === 'date' && (value === '' || value == null)) continue;
    if (field.type === 'checkbox') lead[field.name] = value === true;
    else if (field.name === 'location_id') lead[field.name] = value === '' || value == null ? null : Number(value);
    else lead[field.name] = typeof value === 'string' ? value : String(value ?? '');
  }
  return lead;
}

/** The last attempt: its key, the values it sent, and whether it succeeded. */
export interface Attempt {
  key: string;
  fingerprint: string;
}

/** A stable text of what is being sent (key order independent). */
export function fingerprint(payload: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((k) => [k, payload[k]]),
  );
}

/** The key for sending `payload`: the previous attempt's when it sent the same, else a new one. */
export function attemptFor({ previous, payload, newKey }: { previous: Attempt | null; payload: Record<string, unknown>; newKey: () => string }): Attempt {
  const print = fingerprint(payload);
  return previous && previous.fingerprint === print ? previous : { key: newKey(), fingerprint: print };
}

/** A random key (crypto.randomUUID where available). */
export function randomKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
