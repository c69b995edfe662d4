import type { Locator } from '@playwright/test';
/**
 * Trade-in valuation end to end against `serve` (its deterministic rego lookup and offers).
 */
import { adjustedOffer, initialOffer, lookupVehicle } from '../../server/vehicleLookup.ts';
import { CARS, expect, fillContact, hydrated, test, uniqueEmail } from './moneySite.ts';

const ANSWERS = { condition: 'Good', accident_damage: 'Yes', service_history: 'Yes', finance_owing: 'No' };

async function answerQuestions(form: Locator) {
  await form.getByLabel('Overall condition').selectOption(ANSWERS.condition);
  await form.getByLabel('Has it had accident or hail damage?').selectOption(ANSWERS.accident_damage);
  await form.getByLabel('Does it have a full service history?').selectOption(ANSWERS.service_history);
  await form.getByLabel('Is there finance owing on it?').selectOption(ANSWERS.finance_owing);
}

test('trade-in: rego lookup, confirm, questions, details, POST then PUT /api/valuations, offer, local storage, miscellaneous', async ({ page, site }) => {
  const email = uniqueEmail('trade');
  const contact = { name: 'Mary', last_name: 'Shelley', email, phone: '0400 111 222', postcode: '2150' };
  const vehicle = lookupVehicle({ rego: 'TRD123', regoState: 'NSW' });
  const expected = adjustedOffer({
    baseOffer: initialOffer({ marketPrice: vehicle.market_price }),
    adjustmentAnswers: { condition: 'good', accident_damage: 'yes', service_history: 'yes', finance_owing: 'no' },
  });
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });

  await page.goto(`${site.url}/cars/trade-in?car_id=${CARS.corolla.id}`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Trade-in valuation' });
  await form.getByLabel('Rego').fill('TRD123');
  await form.getByLabel('State').selectOption('NSW');
  await form.getByRole('button', { name: 'Find My Car' }).click();
  await expect(form.locator('[data-vehicle]')).toContainText(`${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.badge}`);
  await form.getByRole('button', { name: "Yes, That's My Car" }).click();
  await expect(form.getByLabel('Odometer (km)')).toHaveValue(String(vehicle.km));
  await answerQuestions(form);
  await form.getByRole('button', { name: 'Continue' }).click();
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Get My Valuation' }).click();

  await expect(form.locator('[data-offer]')).toHaveText(`$${expected.toLocaleString('en-AU')}`);
  expect(requests).toEqual(['POST /api/simple-autograb-lookup', 'POST /api/valuations', 'PUT /api/valuations', 'POST /api/miscellaneous']);

  const rows = await site.rows("SELECT id, rego, rego_state, offer_price, adjustment_answers, payload FROM valuations WHERE payload->>'email' = $1", [email]);
  expect(rows).toHaveLength(1);
  const row = rows[0] as { id: number; rego: string; rego_state: string; offer_price: number; adjustment_answers: unknown; payload: Record<string, unknown> };
  expect(row).toMatchObject({
    rego: 'TRD123',
    rego_state: 'NSW',
    offer_price: expected,
    adjustment_answers: { condition: 'good', accident_damage: 'yes', service_history: 'yes', finance_owing: 'no' },
  });
  expect(row.payload).toMatchObject({
    name: 'Mary',
    last_name: 'Shelley',
    email,
    phone: '0400 111 222',
    postcode: '2150',
    rego: 'TRD123',
    regoState: 'NSW',
    km: vehicle.km,
    car_id: CARS.corolla.id,
    car_dealership_id: 401,
    dealership_slug: 'money-motors',
    source: 'Website',
    url: `${site.url}/cars/trade-in?car_id=${CARS.corolla.id}`,
  });
  expect(row.payload.lead_attributes).toEqual({
    visited_pages: [`/cars/trade-in?car_id=${CARS.corolla.id}`],
    linked_query_params: { car_id: String(CARS.corolla.id) },
  });

  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('valuation'))) ?? 'null');
  expect(stored).toMatchObject({ id: row.id, offer_price: expected, rego: 'TRD123', regoState: 'NSW', car_id: CARS.corolla.id });
  const misc = await site.rows("SELECT payload FROM events WHERE type = 'miscellaneous' AND (payload->>'id')::int = $1", [row.id]);
  expect(misc.map((m) => m.payload)).toEqual([{ id: row.id, offer_price: expected, column_name: 'valuation' }]);
});

test('trade-in: failures keep every value; a retry sends one valuation; a failed miscellaneous save is only logged', async ({ page, site }) => {
  const email = uniqueEmail('trade-fail');
  const contact = { name: 'Percy', last_name: 'Shelley', email, phone: '0400 333 444', postcode: '2000' };
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.route(
    '**/api/simple-autograb-lookup',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"An unexpected error occured"}' }),
    { times: 1 },
  );
  let puts = 0;
  await page.route('**/api/valuations', (route) =>
    route.request().method() === 'PUT' && puts++ === 0
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Valuations are busy"}' })
      : route.fallback(),
  );
  await page.route('**/api/miscellaneous', (route) => route.fulfill({ status: 500, body: 'down' }));

  await page.goto(`${site.url}/valuations`);
  await expect(page.getByRole('heading', { name: 'Sell Your Car', level: 1 })).toBeVisible();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Trade-in valuation' });
  await form.getByLabel('Rego').fill('FAIL42');
  await form.getByLabel('State').selectOption('VIC');
  await form.getByRole('button', { name: 'Find My Car' }).click();
  await expect(form.getByRole('alert')).toHaveText('An unexpected error occured');
  await expect(form.getByLabel('Rego')).toHaveValue('FAIL42');
  await expect(form.getByLabel('State')).toHaveValue('VIC');
  await form.getByRole('button', { name: 'Find My Car' }).click();
  await form.getByRole('button', { name: "Yes, That's My Car" }).click();
  const km = form.getByLabel('Odometer (km)');
  await expect(km).not.toHaveValue('');
  await km.fill('123456');
  await expect(km).toHaveValue('123456');
  await answerQuestions(form);
  await form.getByRole('button', { name: 'Continue' }).click();
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Valuations are busy');
  await expect(form.getByLabel('First Name')).toHaveValue('Percy');
  await expect(form.getByLabel('Email Address')).toHaveValue(email);
  await expect(form.getByLabel('Postcode')).toHaveValue('2000');

  // A reload keeps everything too (sessionStorage draft) and resumes at the same step.
  await page.reload();
  await expect(form.getByLabel('Mobile Number')).toHaveValue('0400 333 444');
  await form.getByRole('button', { name: 'Go Back' }).click();
  await expect(form.getByLabel('Odometer (km)')).toHaveValue('123456');
  await expect(form.getByLabel('Overall condition')).toHaveValue('Good');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form.locator('[data-offer]')).toBeVisible();
  expect(await site.rows("SELECT id FROM valuations WHERE payload->>'email' = $1", [email])).toHaveLength(1);
  await expect.poll(() => logs).toContain('Failed to save valuation data');
});
