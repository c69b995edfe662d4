import { describe, expect, it } from 'vitest';
import type { AdminRecord } from '../server/admin/recordQuery.ts';
import { recordsTable } from './leads.ts';
import { terminalSafe, terminalSafeJson, terminalSafeLines } from './terminalText.ts';

const ESC = '\u001b';
const HOSTILE = `${ESC}[2J${ESC}]0;pwned\u0007Web\u009b31mX\u202egnp.exe\u2066`;

function lead(payload: Record<string, string>, category: string): AdminRecord {
  return {
    kind: 'lead',
    id: 1,
    dealership_slug: 'd',
    website_slug: 'd',
    created_at: '2030-01-01T00:00:00.000Z',
    category,
    subcategory: null,
    status: 'Complete',
    name: payload.name ?? '',
    email: payload.email ?? '',
    phone: payload.phone ?? '',
    car_id: null,
    offer_price: null,
    payment: null,
    payload,
    deliveries: [{ delivery_id: 'x', destination: HOSTILE, type: 'email', status: 'failed', attempts: 2, last_error: HOSTILE, sent_at: null }],
  };
}

/** Every character a terminal would act on: C0 (but \n ending a line), DEL, C1, bidi controls. */
// eslint-disable-next-line no-control-regex
const ACTS_ON_TERMINAL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('stored data printed to a terminal', () => {
  it('shows escape sequences, C1 and bidi controls as visible \\u escapes', () => {
    expect(terminalSafe(HOSTILE)).toBe('\\u001b[2J\\u001b]0;pwned\\u0007Web\\u009b31mX\\u202egnp.exe\\u2066');
    expect(terminalSafe('Jane Citizen, 4000')).toBe('Jane Citizen, 4000');
    expect(terminalSafe('Zoë 東京 🚗')).toBe('Zoë 東京 🚗');
  });

  it('leaves nothing in the leads table a terminal would act on', () => {
    const table = recordsTable({ records: [lead({ name: HOSTILE, email: `a@b.example${ESC}[8m`, phone: '0412\u0085345' }, HOSTILE)] });
    expect(table).not.toMatch(ACTS_ON_TERMINAL);
    expect(table).toContain('\\u001b[2J');
  });

  it('keeps line breaks of a CSV cell and escapes every other control', () => {
    expect(terminalSafeLines(`a\r\nb\rc\n${HOSTILE}`)).toBe(`a\nb\nc\n${terminalSafe(HOSTILE)}`);
  });

  it('prints JSON without raw controls that parses back to the same values', () => {
    const leads = [lead({ name: HOSTILE, message: 'line\nbreak\u2028' }, HOSTILE)];
    const json = terminalSafeJson(leads);
    expect(json.replace(/\n/g, '')).not.toMatch(ACTS_ON_TERMINAL);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(leads)));
  });
});
