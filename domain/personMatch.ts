/**
 * Who a privacy request is about (APP 12-13, IPP 6-7, US state laws: access and erasure): the
 * email address or phone number the person gives, and the rule that says whether a stored
 * record's contact fields name them. Emails match whatever their case; phones match after the
 * phone normaliser (+61 412 345 678 is 0412345678).
 */
import { normalisePhone } from './phone.ts';

/** A person as a privacy request names them. */
export type PersonKey = { email: string } | { phone: string };

/** Fewest digits a phone must have to name a person (shorter would match strangers). */
export const MIN_PHONE_DIGITS = 6;

/** The person `text` names, or an error message when it is neither an email nor a phone number. */
export function parsePersonKey(text: string): PersonKey | { error: string } {
  const value = String(text ?? '').trim();
  if (value.includes('@')) {
    return /^[^\s@]+@[^\s@]+$/.test(value) ? { email: value.toLowerCase() } : { error: `"${value}" is not an email address` };
  }
  const phone = normalisePhone(value);
  if (/^\d+$/.test(phone) && phone.length >= MIN_PHONE_DIGITS) return { phone };
  return { error: `"${value}" is neither an email address nor a phone number (at least ${MIN_PHONE_DIGITS} digits)` };
}

/** True when a record's contact fields (`email`, `phone`) name the person. */
export function namesPerson({ contact, key }: { contact: { email?: unknown; phone?: unknown }; key: PersonKey }): boolean {
  if ('email' in key) return typeof contact.email === 'string' && contact.email.trim().toLowerCase() === key.email;
  return (typeof contact.phone === 'string' || typeof contact.phone === 'number') && normalisePhone(String(contact.phone)) === key.phone;
}
