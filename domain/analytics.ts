/**
 * Analytics event ids (SPEC §9 table; SPEC §4 favourites 39, career 51, default form 22).
 */
import type { CarType } from './types.ts';
import { isTestDriveOnlyTag } from './tags.ts';

/** SPEC §9 event ids. */
export const EVENT_IDS = {
  form: 22,
  favourite: 39,
  career: 51,
  testDriveOnly: 17,
  used: 15,
  usedTestDrive: 48,
  other: 14,
  otherTestDrive: 17,
  phoneClick: 25,
} as const;

/**
 * The event id a successful form sends: career 51; a form about no particular car 22; a car
 * tagged test-drive-only 17; a used car 15 (test drive 48); any other car 14 (test drive 17).
 */
export function formEventId({ form, carType, tag }: { form: string; carType?: CarType | null; tag?: string | null }): number {
  if (form === 'career') return EVENT_IDS.career;
  if (carType == null) return EVENT_IDS.form;
  if (isTestDriveOnlyTag(tag)) return EVENT_IDS.testDriveOnly;
  const testDrive = form === 'test-drive';
  if (carType === 'used') return testDrive ? EVENT_IDS.usedTestDrive : EVENT_IDS.used;
  return testDrive ? EVENT_IDS.otherTestDrive : EVENT_IDS.other;
}
