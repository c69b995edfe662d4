/**
 * Phone numbers as a region writes and dials them (region table `phone_format`): shown in the
 * national format (AU '02 9555 1100', '0412 345 678'; NZ '09 555 1234', '021 123 4567'; US
 * '(208) 555-0100') and dialled through tel: links in E.164 ('tel:+61295551100'). Every number a
 * page shows goes through these two functions.
 */
import type { Region } from './site.ts';
import { normalisePhone } from './phone.ts';
import { regionSettings } from './region.ts';

/** The national digits of a number as written (spaces, brackets, dashes and country prefixes normalised). */
function nationalDigits({ phone, region }: { phone: string; region: Region }): string {
  const { country_code: code, trunk_prefix: trunk } = regionSettings(region).phone_format;
  const compact = String(phone ?? '')
    .trim()
    .replace(/[\s()[\]{}\-.]/g, '');
  // The region's own country prefix becomes its trunk prefix (+61 2 -> 02); other regions' prefixes stay as normalisePhone reads them.
  const own = new RegExp(`^(?:\\+|00)${code}`);
  if (own.test(compact)) return `${trunk}${compact.replace(own, '')}`;
  return normalisePhone(compact);
}

function grouping({ digits, region }: { digits: string; region: Region }) {
  for (const rule of regionSettings(region).phone_format.groupings) {
    const pattern = new RegExp(rule.pattern);
    if (pattern.test(digits)) return { rule, pattern };
  }
  return null;
}

/** Numbers remembered per function before it starts again (a dealer has a handful; a build writes them on every page). */
const MAX_REMEMBERED = 1000;

/**
 * `make(phone, region)`, remembered by number and region: the groupings are regular expressions
 * built from the region table, and every page of a build writes the same few numbers.
 */
function remembered<T>(make: (phone: string, region: Region) => T): (args: { phone: string; region: Region }) => T {
  const made = new Map<string, T>();
  return ({ phone, region }) => {
    // As written, whatever the record held (a YAML number, nothing).
    const written = String(phone ?? '');
    const key = `${region}\n${written}`;
    if (made.has(key)) return made.get(key) as T;
    const value = make(written, region);
    if (made.size >= MAX_REMEMBERED) made.clear();
    made.set(key, value);
    return value;
  };
}

/** The number in the region's national format; a number no grouping matches is shown trimmed, as written. */
export const formatPhone = remembered((phone, region): string => {
  const written = phone.trim();
  const digits = nationalDigits({ phone: written, region });
  const found = grouping({ digits, region });
  return found ? digits.replace(found.pattern, found.rule.format) : written;
});

/**
 * The tel: URL of a number: E.164 ('+' country code, national digits without the trunk prefix)
 * for a number of the region; the national digits for one that cannot be dialled from abroad;
 * the digits as written (with a leading '+') otherwise. Undefined when there are no digits.
 */
export const phoneTel = remembered((phone, region): string | undefined => {
  const written = phone.trim();
  const digits = written.replace(/\D/g, '');
  if (digits === '') return undefined;
  const national = nationalDigits({ phone: written, region });
  const found = grouping({ digits: national, region });
  if (!found) return `tel:${written.startsWith('+') ? '+' : ''}${digits}`;
  if (!found.rule.international) return `tel:${national}`;
  const { country_code: code, trunk_prefix: trunk } = regionSettings(region).phone_format;
  const subscriber = trunk && national.startsWith(trunk) ? national.slice(trunk.length) : national.replace(new RegExp(`^${code}(?=\\d{10}$)`), '');
  return `tel:+${code}${subscriber}`;
});
