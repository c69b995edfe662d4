import { describe, expect, it } from 'vitest';
import { dateInZone, readBoolean, readDate, readDistanceKm, readInteger, readMoney, readNumber } from './feedValues.ts';

describe('readMoney', () => {
  it.each([
    ['$29,990', 29990],
    ['29 990', 29990],
    ['29\u00a0990', 29990],
    ['29990.00', 29990],
    ['10,499.00 USD', 10499],
    ['10499 USD', 10499],
    ['AUD 29,990', 29990],
    ['A$29,990', 29990],
    ['NZ$ 1,234.5', 1234.5],
    ['0', 0],
    ['', null],
    ['  ', null],
    ['POA', null],
    ['poa', null],
    ['P.O.A.', null],
    ['Call for price', null],
  ])('%j is %j', (text, value) => expect(readMoney(text)).toEqual({ ok: true, value }));

  it.each([
    ['$2O,990', 'not a number'],
    ['29,99', 'not a number'],
    ['29,990,', 'not a number'],
    ['1.2.3', 'not a number'],
    ['-5', 'is negative'],
    ['about 20k', 'not a number'],
  ])('%j is rejected: %s', (text, reason) => expect(readMoney(text)).toEqual({ ok: false, reason }));
});

describe('readNumber and readInteger', () => {
  it.each([
    ['12,345', 12345],
    ['12.5', 12.5],
    ['', null],
  ])('number %j is %j', (text, value) => expect(readNumber(text)).toEqual({ ok: true, value }));
  it('rejects letters', () => expect(readNumber('12a')).toEqual({ ok: false, reason: 'not a number' }));
  it.each([
    ['2024', 2024],
    ['1,200', 1200],
    ['', null],
  ])('integer %j is %j', (text, value) => expect(readInteger(text)).toEqual({ ok: true, value }));
  it('rejects a fraction as an integer', () => expect(readInteger('2.5')).toEqual({ ok: false, reason: 'not a whole number' }));
});

describe('readBoolean', () => {
  it.each([
    ['Yes', true],
    ['y', true],
    ['TRUE', true],
    ['1', true],
    ['no', false],
    ['N', false],
    ['0', false],
    ['', null],
  ])('%j is %j', (text, value) => expect(readBoolean(text)).toEqual({ ok: true, value }));
  it('rejects other words', () => expect(readBoolean('maybe')).toEqual({ ok: false, reason: 'not yes or no' }));
});

describe('readDistanceKm', () => {
  it.each([
    ['12000', 'km', 12000],
    ['12,000 km', 'mi', 12000],
    ['1', 'mi', 2],
    ['52,777 miles', 'km', 84936],
    ['100 mi', 'km', 161],
    ['0', 'mi', 0],
    ['', 'mi', null],
  ] as const)('%j (%s) is %j km', (text, unit, value) => expect(readDistanceKm({ text, unit })).toEqual({ ok: true, value }));
  it('rejects a negative reading', () => expect(readDistanceKm({ text: '-1', unit: 'km' })).toEqual({ ok: false, reason: 'is negative' }));
  it('rejects "unknown"', () => expect(readDistanceKm({ text: 'unknown', unit: 'km' })).toEqual({ ok: false, reason: 'not a number' }));
});

describe('readDate', () => {
  const sydney = 'Australia/Sydney';
  it.each([
    // Midnight in Sydney: UTC+11 in summer (daylight saving), UTC+10 in winter.
    ['01/15/2026', 'MM/dd/yyyy', sydney, '2026-01-14T13:00:00.000Z'],
    ['07/15/2026', 'MM/dd/yyyy', sydney, '2026-07-14T14:00:00.000Z'],
    ['5.3.2026 09:30', 'd.M.yyyy HH:mm', sydney, '2026-03-04T22:30:00.000Z'],
    ['02/29/2024', 'MM/dd/yyyy', 'UTC', '2024-02-29T00:00:00.000Z'],
    ['2026-01-15', null, 'America/Boise', '2026-01-15T07:00:00.000Z'],
    ['2026-01-15T10:00:00Z', null, sydney, '2026-01-15T10:00:00.000Z'],
    ['2026-01-15T10:00:00+10:00', null, 'UTC', '2026-01-15T00:00:00.000Z'],
    ['', 'MM/dd/yyyy', sydney, null],
  ])('%j as %s in %s is %s', (text, format, timeZone, value) => expect(readDate({ text, format, timeZone })).toEqual({ ok: true, value }));

  it.each([
    ['02/30/2026', 'MM/dd/yyyy', 'not a real date'],
    ['02/29/2025', 'MM/dd/yyyy', 'not a real date'],
    ['2026-01-15', 'MM/dd/yyyy', 'not a date like MM/dd/yyyy'],
    ['15/01/2026', null, 'not an ISO 8601 date (YYYY-MM-DD)'],
    ['13/01/2026', 'MM/dd/yyyy', 'not a real date'],
  ])('%j as %s is rejected: %s', (text, format, reason) => expect(readDate({ text, format, timeZone: 'UTC' })).toEqual({ ok: false, reason }));
});

describe('dateInZone', () => {
  it.each([
    ['2026-11-27T12:59:59Z', 'Australia/Sydney', '2026-11-27'],
    ['2026-11-27T13:00:00Z', 'Australia/Sydney', '2026-11-28'],
    ['2026-11-27T06:59:59Z', 'America/Boise', '2026-11-26'],
  ])('%s in %s is %s', (now, timeZone, date) => expect(dateInZone({ now: new Date(now), timeZone })).toBe(date));
});
