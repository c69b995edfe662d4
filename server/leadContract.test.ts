/**
 * The lead contract (schema/lead.schema.json) is one shape on both ends: what the browser client
 * builds passes the server's check as it is, and every integer of it is bounded.
 */
import { describe, expect, it } from 'vitest';
import { leadBody } from '../runtime/services/leadBody.ts';
import { LEAD_BODY_SCHEMA, shapeErrors } from './leadShape.ts';

const context = { dealership_slug: 'x-motors', website_slug: 'x-motors', car_id: 7, car_dealership_id: 3, page_id: 'car-7', location_id: 2 };
const session = { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'news' } };
const check = (lead: Record<string, unknown>) => shapeErrors({ schema: LEAD_BODY_SCHEMA, value: { lead } });

describe('lead contract', () => {
  it("the browser client's body passes the server's shape check", () => {
    const body = leadBody({
      form: 'test-drive',
      values: { name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', dateTime: '2030-06-09T10:00', opt_in: true, step_number: 1 },
      context,
      session,
      url: 'https://x.example/cars/x',
      userAgent: 'UA',
    });
    expect(shapeErrors({ schema: LEAD_BODY_SCHEMA, value: body })).toEqual({});
  });

  it.each([
    ['step_number', { step_number: 100 }, {}],
    ['step_number', { step_number: 101 }, { step_number: 'must be <= 100' }],
    ['step_number', { step_number: -1 }, { step_number: 'must be >= 0' }],
    ['skipped_steps', { skipped_steps: [{ from: 0, to: 100 }] }, {}],
    ['skipped_steps', { skipped_steps: [{ from: 0, to: 101 }] }, { 'skipped_steps.to': 'must be <= 100' }],
    ['car_id', { car_id: Number.MAX_SAFE_INTEGER }, {}],
    ['car_id', { car_id: Number.MAX_SAFE_INTEGER + 1 }, { car_id: 'has the wrong type or is out of range' }],
    ['car_id', { car_id: 0 }, { car_id: 'has the wrong type or is out of range' }],
    ['page_id', { page_id: 2 ** 53 }, { page_id: 'has the wrong type or is out of range' }],
    ['a form field of its own', { hear_about_us: 'Google' }, {}],
  ])('%s: %j', (_name, fields, errors) => {
    expect(check({ dealership_slug: 'x-motors', ...fields })).toEqual(errors);
  });

  it('names the missing dealership and a wrong type in the same words as before', () => {
    expect(check({ opt_in: 'yes' })).toEqual({ dealership_slug: 'is required', opt_in: 'must be a boolean' });
  });
});
