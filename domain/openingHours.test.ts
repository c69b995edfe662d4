import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  contactSlug,
  dayText,
  formatTime,
  groupOpeningHours,
  offerEndDate,
  schemaOpeningHours,
  sortLocations,
  specialHoursOn,
  upcomingSpecialHours,
} from './openingHours.ts';
import type { OpeningHour, SpecialHours } from './types.ts';

const open = (weekday: number, o = '08:30', c = '17:30'): OpeningHour => ({ weekday, status: 'Open', open: o, close: c });
const closed = (weekday: number): OpeningHour => ({ weekday, status: 'Closed' });
const WEEK = [1, 2, 3, 4, 5].map((d) => open(d));

describe('formatTime (12-hour, am/pm)', () => {
  it.each([
    ['17:30', '5:30pm'],
    ['09:00', '9:00am'],
    ['00:00', '12:00am'],
    ['00:30', '12:30am'],
    ['11:59', '11:59am'],
    ['12:00', '12:00pm'],
    ['12:01', '12:01pm'],
    ['23:59:00', '11:59pm'],
    ['24:00', '24:00'],
    ['10:75', '10:75'],
    ['noon', 'noon'],
  ])('%s -> %s', (t, out) => expect(formatTime(t)).toBe(out));

  it('never throws', () =>
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof formatTime(s)).toBe('string');
      }),
    ));
});

describe('groupOpeningHours', () => {
  it('collapses Mon-Fri when all five weekdays match', () => {
    expect(groupOpeningHours({ hours: [...WEEK, open(6, '09:00', '12:00'), closed(0)] })).toEqual([
      { label: 'Mon-Fri', text: '8:30am - 5:30pm' },
      { label: 'Sat', text: '9:00am - 12:00pm' },
      { label: 'Sun', text: 'Closed' },
    ]);
  });

  it('lists each day when one weekday differs', () => {
    const rows = groupOpeningHours({ hours: [...WEEK.slice(0, 4), open(5, '08:30', '16:00'), closed(6), closed(0)] });
    expect(rows.map((r) => r.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows[4].text).toBe('8:30am - 4:00pm');
  });

  it('groups Mon-Sat and Sunday when the dealer asks and Saturday matches', () => {
    const hours = [...WEEK, open(6), closed(0)];
    expect(groupOpeningHours({ hours, monSat: true })).toEqual([
      { label: 'Mon-Sat', text: '8:30am - 5:30pm' },
      { label: 'Sun', text: 'Closed' },
    ]);
    expect(groupOpeningHours({ hours: [...WEEK, closed(6), closed(0)], monSat: true })[0].label).toBe('Mon-Fri');
  });

  it('missing days are closed; no hours gives no rows; formated_hours is a fallback', () => {
    expect(groupOpeningHours({ hours: [] })).toEqual([]);
    expect(groupOpeningHours({ hours: [open(1)] }).map((r) => r.text)).toEqual(['8:30am - 5:30pm', ...Array(6).fill('Closed')]);
    expect(dayText({ weekday: 1, status: 'Open', formated_hours: '9am - 5pm' })).toBe('9am - 5pm');
    expect(dayText({ weekday: 1, status: 'Open' })).toBe('Closed');
  });

  it('schema.org strings', () => {
    expect(schemaOpeningHours({ hours: [...WEEK, open(6, '09:00', '12:00'), closed(0)] })).toEqual(['Mo-Fr 08:30-17:30', 'Sa 09:00-12:00']);
    expect(schemaOpeningHours({ hours: [open(1), open(2, '09:00', '17:00'), open(0, '10:00', '14:00')] })).toEqual([
      'Mo 08:30-17:30',
      'Tu 09:00-17:00',
      'Su 10:00-14:00',
    ]);
  });
});

describe('special hours', () => {
  const special: SpecialHours[] = [
    { status: 'Closed', date: '2025-06-09', department: 'sales', name: "King's Birthday" },
    { status: 'Open', date: '2025-06-09', start_hour: '09:00', end_hour: '12:00', department: 'service', name: null },
    { status: 'Closed', date: '2025-12-25', department: 'all', name: null },
  ];
  it.each([
    ['2025-06-09', 'sales', 1],
    ['2025-06-09', 'service', 1],
    ['2025-06-09', 'parts', 0],
    ['2025-06-09', 'all', 2],
    ['2025-12-25', 'parts', 1],
    ['2025-06-10', 'sales', 0],
  ] as const)('%s %s -> %s entries', (date, department, n) => expect(specialHoursOn({ special, date, department })).toHaveLength(n));

  it('accepts a Date and lists upcoming entries in order', () => {
    expect(specialHoursOn({ special, date: new Date('2025-06-09T10:00:00Z'), department: 'sales' })).toHaveLength(1);
    expect(specialHoursOn({ special, date: new Date('nope'), department: 'sales' })).toHaveLength(0);
    expect(upcomingSpecialHours({ special: [...special].reverse(), now: new Date('2025-06-09T23:00:00Z') }).map((s) => s.date)).toEqual([
      '2025-06-09',
      '2025-06-09',
      '2025-12-25',
    ]);
  });
});

describe('offerEndDate (last day of the current month)', () => {
  it.each([
    ['2025-06-01T00:00:00Z', '2025-06-30'],
    ['2025-06-30T23:59:59Z', '2025-06-30'],
    ['2024-02-10T00:00:00Z', '2024-02-29'],
    ['2025-12-31T00:00:00Z', '2025-12-31'],
  ])('%s -> %s', (now, end) =>
    expect(
      offerEndDate({ now: new Date(now) })
        .toISOString()
        .slice(0, 10),
    ).toBe(end),
  );
});

describe('locations', () => {
  it('orders sales, service, parts, stable within a type', () => {
    const list = [
      { id: 1, location_type: 'parts' as const },
      { id: 2, location_type: 'service' as const },
      { id: 3, location_type: 'sales' as const, position: 2 },
      { id: 4, location_type: 'dealership' as const, position: 1 },
      { id: 5, location_type: 'other' as unknown as 'sales' },
      { id: 6, location_type: 'service' as const },
    ];
    expect(sortLocations(list).map((l) => l.id)).toEqual([4, 3, 2, 6, 1, 5]);
  });

  it.each([
    ['Sample Toyota - Sales', 'sample-toyota'],
    ['Sample Toyota - Service', 'sample-toyota'],
    ['Sample Toyota - Parts', 'sample-toyota'],
    ['Sample Toyota - Used', 'sample-toyota-used'],
    ['Sales - Sample', 'sales-sample'],
  ])('contact slug of %s is %s', (name, slug) => expect(contactSlug(name)).toBe(slug));
});
