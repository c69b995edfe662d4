import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, appointmentError, localDateTime, parseLocalDateTime } from './appointment.ts';

// 2025-06-09 is a Monday.
const hours = [
  { weekday: 1, status: 'Open' as const, open: '08:30', close: '17:30' },
  { weekday: 6, status: 'Open' as const, open: '09:00', close: '12:00' },
  { weekday: 0, status: 'Closed' as const },
];
const now = '2025-06-09T10:00';
const check = (value: string, over: Partial<Parameters<typeof appointmentError>[0]> = {}) =>
  appointmentError({ value, now, hours, department: 'sales', ...over });

describe('appointment date and time', () => {
  it('empty is left to the required rule (the test drive date is optional)', () => {
    expect(check('')).toBeNull();
  });
  it.each([
    ['2025-06-09T09:59', APPOINTMENT_MESSAGES.past],
    ['2025-06-09T10:00', null],
    ['2025-06-16T08:29', APPOINTMENT_MESSAGES.hours('08:30', '17:30')],
    ['2025-06-16T08:30', null],
    ['2025-06-16T17:29', null],
    ['2025-06-16T17:30', APPOINTMENT_MESSAGES.hours('08:30', '17:30')],
    ['2025-06-14T11:59', null],
    ['2025-06-14T12:00', 'Please choose a time between 9:00am and 12:00pm.'],
    ['2025-06-15T10:00', 'We are closed on Sundays. Please choose another day.'],
    ['2025-06-10T10:00', 'We are closed on Tuesdays. Please choose another day.'],
    ['2025-02-30T10:00', APPOINTMENT_MESSAGES.invalid],
    ['tomorrow', APPOINTMENT_MESSAGES.invalid],
  ])('%s -> %s', (value, message) => expect(check(value)).toBe(message));
  it('special hours of the date and department win over the weekly hours', () => {
    const special = [
      { date: '2025-06-16', status: 'Closed' as const, department: 'service' as const, name: null },
      { date: '2025-06-15', status: 'Open' as const, start_hour: '10:00', end_hour: '14:00', department: 'all' as const, name: null },
    ];
    expect(check('2025-06-16T10:00', { special, department: 'service' })).toBe('We are closed on Monday 2025-06-16. Please choose another day.');
    expect(check('2025-06-16T10:00', { special, department: 'sales' })).toBeNull();
    expect(check('2025-06-15T10:00', { special })).toBeNull();
    expect(check('2025-06-15T14:00', { special })).toBe(APPOINTMENT_MESSAGES.hours('10:00', '14:00'));
  });
  it('without weekly hours only the past is checked', () => {
    expect(check('2025-06-15T23:00', { hours: [] })).toBeNull();
    expect(check('2025-06-08T23:00', { hours: null })).toBe(APPOINTMENT_MESSAGES.past);
  });
  it("reads the dealer's local time", () => {
    expect(localDateTime({ now: new Date('2025-06-09T23:30:00Z'), timeZone: 'Australia/Sydney' })).toBe('2025-06-10T09:30');
    expect(localDateTime({ now: new Date('2025-06-09T23:30:00Z'), timeZone: 'UTC' })).toBe('2025-06-09T23:30');
    expect(parseLocalDateTime('2025-06-10T09:30')).toEqual({ date: '2025-06-10', weekday: 2, minutes: 570 });
  });
});
