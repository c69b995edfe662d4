/**
 * Every integer of a lead is bounded: a table of each integer field at its limits, checked by the
 * type check the API applies, and `step_number: 1e20` refused by the API itself with a message
 * naming the field and its bound.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_ROW_ID } from '../domain/leadApi.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { LEAD_BODY_SCHEMA, MAX_FORM_STEP, shapeErrors, VALUATION_CREATE_SCHEMA, VALUATION_UPDATE_SCHEMA } from './leadShape.ts';
import { loadSiteConfig } from './siteConfig.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
const leadErrors = (fields: Record<string, unknown>) =>
  shapeErrors({ schema: LEAD_BODY_SCHEMA, value: { lead: { dealership_slug: 'test-motors', ...fields } } });

describe('integer bounds of the lead body', () => {
  it.each([
    ['step_number', 0, true],
    ['step_number', MAX_FORM_STEP, true],
    ['step_number', MAX_FORM_STEP + 1, false],
    ['step_number', 1e20, false],
    ['step_number', -1, false],
    ['page_id', 0, true],
    ['page_id', Number.MAX_SAFE_INTEGER, true],
    ['page_id', 2 ** 53, false],
    ['page_id', 1e20, false],
    ['page_id', -1, false],
    ['car_id', 1, true],
    ['car_id', Number.MAX_SAFE_INTEGER, true],
    ['car_id', 1e20, false],
    ['location_id', 0, false],
    ['lead_id', 2 ** 53, false],
    ['car_dealership_id', 1e20, false],
  ])('%s %d accepted: %s', (field, value, accepted) => {
    expect(Object.keys(leadErrors({ [field]: value }))).toEqual(accepted ? [] : [field]);
  });

  it.each([
    [{ from: 0, to: MAX_FORM_STEP }, []],
    [{ from: 0, to: MAX_FORM_STEP + 1 }, ['skipped_steps.to']],
    [{ from: 1e20, to: 1 }, ['skipped_steps.from']],
    [{ from: -1, to: 1 }, ['skipped_steps.from']],
  ])('skipped_steps %j: errors %j', (step, fields) => {
    expect(Object.keys(leadErrors({ skipped_steps: [step] }))).toEqual(fields);
  });

  it.each([
    [VALUATION_CREATE_SCHEMA, { year: 2100, odometer: 10_000_000, km: 0 }, []],
    [VALUATION_CREATE_SCHEMA, { year: 1e20 }, ['year']],
    [VALUATION_CREATE_SCHEMA, { odometer: 1e20 }, ['odometer']],
    [VALUATION_CREATE_SCHEMA, { km: 10_000_001 }, ['km']],
    [VALUATION_UPDATE_SCHEMA, { id: MAX_ROW_ID, adjustmentAnswers: {} }, []],
    [VALUATION_UPDATE_SCHEMA, { id: 1e20, adjustmentAnswers: {} }, ['id']],
  ])('valuation body %j: errors %j', (schema, value, fields) => {
    expect(Object.keys(shapeErrors({ schema, value }))).toEqual(fields);
  });
});

describe('the lead API refuses an unbounded number', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    const site = await loadSiteConfig({ outDir: FIXTURE_SITES, slug: 'test-motors' });
    app = await buildApp({ outDir: FIXTURE_SITES, site, db, uploadDir: path.resolve('.tmp/uploads-bounds') });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('step_number: 1e20 is 400 naming the field and its bound', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"lead":{"form":"contact","name":"Jane","last_name":"Citizen","email":"jane@example.com","phone":"0412 345 678","postcode":"4000","message":"Hi","dealership_slug":"test-motors","step_number":1e20}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Please check this field: step_number', errors: { step_number: `must be <= ${MAX_FORM_STEP}` } });
  });
});
