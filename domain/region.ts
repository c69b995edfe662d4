/**
 * Region rules (SPEC §9 "Distance, currency and locale") over the region table
 * (domain/regionTable.ts): a region's row, spelling, addresses and dates. Distances and
 * odometers are in domain/distance.ts.
 */
import type { Region, RegionSettings } from './site.ts';
import { DEFAULT_REGION, REGION_TABLE } from './regionTable.ts';

/** True when `value` is a region code of the table. */
export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && Object.hasOwn(REGION_TABLE, value);
}

/** A region's row of the table (unknown regions get AU's, the schema default). */
export function regionSettings(region: Region): RegionSettings {
  return REGION_TABLE[region] ?? REGION_TABLE[DEFAULT_REGION];
}

/**
 * The state codes a vehicle may be registered in (trade-in lookups): the region's states, or
 * its one national register where plates have no state (NZ).
 */
export function registrationStates(region: Region): string[] {
  const row = regionSettings(region);
  return row.registration.national_register !== null ? [row.registration.national_register] : row.states.map((s) => s.code);
}

function matchCase(found: string, replacement: string): string {
  if (found === found.toUpperCase()) return replacement.toUpperCase();
  if (found[0] === found[0].toUpperCase()) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * Text spelt for the region: its row's spelling swaps (US: Colour -> Color, Enquire Now ->
 * Inquire Now, Service Centre -> Service Center), case kept; unchanged where the row has none.
 */
export function spell({ text, region }: { text: string; region: Region }): string {
  return spellWith({ text, spelling: regionSettings(region).spelling });
}

/** `text` with the given spelling swaps applied (for callers holding a row or its spelling list). */
export function spellWith({ text, spelling }: { text: string; spelling: RegionSettings['spelling'] }): string {
  return spelling.reduce((out, [from, to]) => out.replace(new RegExp(from, 'gi'), (found) => matchCase(found, to)), String(text ?? ''));
}

/**
 * A one-line postal address in the region's format (AU 'street, city STATE postcode', NZ
 * 'street, city postcode', US 'street, city, ST 12345'). Empty parts are dropped with their
 * separator, and a state that repeats the city (NZ 'Auckland, Auckland') is left out.
 */
export function formatAddress({
  address,
  region,
}: {
  address: { street?: string | null; city?: string | null; state?: string | null; postcode?: string | null };
  region: Region;
}): string {
  const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
  const city = clean(address.city);
  const state = clean(address.state).toLowerCase() === city.toLowerCase() ? '' : clean(address.state);
  const parts: Record<string, string> = { street: clean(address.street), city, state, postcode: clean(address.postcode) };
  // Fill the pattern, then drop separators left around empty parts.
  const filled = regionSettings(region).address_format.replace(/\{(\w+)\}/g, (_, key: string) => parts[key] ?? '');
  return filled
    .replace(/(,\s*)+(?=,|$)/g, '')
    .replace(/^\s*,\s*/, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();
}

/** A date (Date or ISO string) in the region's short format: 'dd/mm/yyyy' or 'mm/dd/yyyy' (UTC day). */
export function formatShortDate({ date, region }: { date: Date | string; region: Region }): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '';
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(d.getUTCFullYear());
  return regionSettings(region).date_format.replace('dd', dd).replace('mm', mm).replace('yyyy', yyyy);
}
