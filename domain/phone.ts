/**
 * Phone rules (SPEC §5 "Phone rules"): one normaliser and the six variants, each with its
 * message verbatim. The dealer record picks the variant (forms.phone_rule) and the test number
 * that is always accepted (forms.test_phone_number).
 */
import type { PhoneRule } from './site.ts';

/** SPEC §5 messages by variant. The UK-style message is not shown in SPEC; this text is ours. */
export const PHONE_MESSAGES: Record<PhoneRule, string> = {
  au: 'Invalid phone number. Must be an Australian number.',
  'au-mobile': 'Invalid phone number. Must be an Australian mobile number.',
  nz: 'Invalid phone number. Must be a New Zealand number.',
  'nz-length': 'Invalid phone number. Too many characters.',
  us: 'Invalid phone number. Must be a US number.',
  uk: 'Invalid phone number. Must be a UK number.',
};

/** Every phone rule variant, for callers that list or validate configuration. */
export const PHONE_RULES: readonly PhoneRule[] = ['au', 'au-mobile', 'nz', 'nz-length', 'us', 'uk'];

/** SPEC §5 "One NZ variant": the normalised number must be shorter than this. */
export const NZ_LENGTH_LIMIT = 15;

/**
 * What each variant accepts after normalisation (international prefixes already turned into
 * the national 0, so "or the 0061 prefix" and "+614" are covered by the 0 forms).
 */
const PATTERNS: Record<Exclude<PhoneRule, 'nz-length'>, RegExp> = {
  // 02, 03, 04, 05, 07 or 08 followed by 8 digits.
  au: /^0[234578]\d{8}$/,
  // 04 followed by 8 digits.
  'au-mobile': /^04\d{8}$/,
  // 0 then 2, 3, 4, 6, 7 or 9 then 7 to 9 digits.
  nz: /^0[234679]\d{7,9}$/,
  // 10 digits, optionally with a leading 1.
  us: /^1?\d{10}$/,
  // 0 and 10 digits, the first not 0 (UK national form; +44 / 0044 map to 0, and '00' starts
  // an international number, never a national one).
  uk: /^0[1-9]\d{9}$/,
};

// Country prefixes, written with + or 00, that map to the national trunk 0.
const TO_TRUNK_ZERO = /^(?:\+|00)(?:61|64|44)/;

/**
 * Strips spaces, brackets, dashes and dots, and maps country prefixes: +61 / 0061, +64 / 0064
 * and +44 / 0044 become 0, +1 is dropped (US), any other plus sign is removed. Repeats until
 * nothing changes, so normalising twice gives the same result (idempotent). Other characters
 * are kept, so letters still fail the variant patterns.
 */
export function normalisePhone(raw: string): string {
  const compact = String(raw ?? '').replace(/[\s()[\]{}\-.]/g, '');
  // A plus sign only means "international" at the start; elsewhere it is noise.
  let s = compact.charAt(0) + compact.slice(1).replace(/\+/g, '');
  for (;;) {
    if (TO_TRUNK_ZERO.test(s)) s = '0' + s.replace(TO_TRUNK_ZERO, '');
    else if (s.startsWith('+1')) s = s.slice(2);
    else if (s.startsWith('+')) s = s.slice(1);
    else return s;
  }
}

/** True when the value matches the variant's rule after normalisation. */
export function isValidPhone({ value, rule }: { value: string; rule: PhoneRule }): boolean {
  const normalised = normalisePhone(value);
  if (rule === 'nz-length') return normalised.length < NZ_LENGTH_LIMIT;
  return PATTERNS[rule].test(normalised);
}

/**
 * The variant's message when the value is not accepted, else null. The configured test number
 * (compared after normalisation) is always accepted. Whether the field may be empty is the
 * form's required rule, not this one.
 */
export function validatePhone({ value, rule, testNumber }: { value: string; rule: PhoneRule; testNumber?: string | null }): string | null {
  const text = String(value ?? '');
  if (testNumber != null && testNumber.trim() !== '' && normalisePhone(text) === normalisePhone(testNumber)) return null;
  const known: PhoneRule = rule in PHONE_MESSAGES ? rule : 'au';
  return isValidPhone({ value: text, rule: known }) ? null : PHONE_MESSAGES[known];
}
