import { describe, expect, it } from 'vitest';
import { EVENT_IDS, formEventId } from './analytics.ts';

describe('analytics event ids (SPEC §9)', () => {
  it('table', () => {
    expect(EVENT_IDS).toEqual({
      form: 22,
      favourite: 39,
      career: 51,
      testDriveOnly: 17,
      used: 15,
      usedTestDrive: 48,
      other: 14,
      otherTestDrive: 17,
      phoneClick: 25,
    });
  });

  it.each([
    ['general', undefined, undefined, 22],
    ['career', 'used', undefined, 51],
    ['enquiry', 'used', null, 15],
    ['test-drive', 'used', null, 48],
    ['enquiry', 'new', null, 14],
    ['enquiry', 'demo', null, 14],
    ['test-drive', 'new', null, 17],
    ['enquiry', 'used', 'Test Drive Only', 17],
    ['enquiry', 'new', '*** Test Drive Vehicle Only ***', 17],
  ] as const)('%s %s %s -> %s', (form, carType, tag, id) => expect(formEventId({ form, carType, tag })).toBe(id));
});
