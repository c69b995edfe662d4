/**
 * Which numbers a page keeps masked in its shell (SPEC §4 "Phone reveal"): on a car page, every
 * number that has a reveal there stays masked everywhere (header, footer, service bar) until
 * the reveal, unless the record starts it shown. The car page and the shell renderer read the
 * same list ({@link carPhoneReveals}), so the two never disagree.
 */
import { createContext } from 'react';
import type { Site } from '../../domain/site.ts';
import type { Car } from '../../domain/types.ts';
import { phoneTel } from '../../domain/phoneFormat.ts';
import type { LeadApiConfig } from '../islandServices.ts';

/** The numbers a car page reveals: the car's (its location's, else the dealer's) and its location's departments. */
export interface CarPhoneReveals {
  phone: string | null;
  departments: { label: string; phone: string }[];
}

/** What a masking shell needs: the tel: URLs masked and where a reveal is sent (the car itself is the page's). */
export interface PhoneMasking {
  tels: readonly string[];
  websiteId: number | null;
  api: LeadApiConfig;
}

/** Provided around the shell of a car page; null elsewhere (numbers are plain links). */
export const PhoneMaskingContext = createContext<PhoneMasking | null>(null);

/** The numbers with a reveal on a car's page. */
export function carPhoneReveals({ site, car }: { site: Site; car: Car }): CarPhoneReveals {
  const location = car.location ? site.locations.find((l) => l.id === car.location!.id) : undefined;
  const phone = car.location?.phone ?? location?.contact_detail.phone ?? site.phone;
  const departments = Object.entries(location?.contact_detail.department_phones ?? {})
    .filter(([, number]) => Boolean(number))
    .map(([department, number]) => ({ label: `${department.charAt(0).toUpperCase()}${department.slice(1)}`, phone: number as string }));
  return { phone: phone || null, departments };
}

/** The tel: URLs a car page keeps masked, or none when the record starts numbers shown. */
export function maskedTels({ site, car }: { site: Site; car: Car }): string[] {
  if (site.features.phone_reveal_shown) return [];
  const { phone, departments } = carPhoneReveals({ site, car });
  const tels = [phone, ...departments.map((d) => d.phone)].flatMap((number) => {
    const tel = number ? phoneTel({ phone: number, region: site.region }) : undefined;
    return tel ? [tel] : [];
  });
  return [...new Set(tels)].sort();
}
