import type { Locator } from '@playwright/test';
/**
 * Trade-in valuation end to end against `serve` (its deterministic rego lookup and offers).
 */
import { adjustedOffer, describedVehicle, initialOffer, lookupVehicle } from '../../server/vehicleLookup.ts';
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

test('trade-in without the rego (SPEC §5 rego is optional): make, model, year and odometer give an offer, no lookup, no confirm step', async ({
  page,
  site,
}) => {
  const email = uniqueEmail('trade-norego');
  const contact = { name: 'Ada', last_name: 'Lovelace', email, phone: '0400 555 666', postcode: '2010' };
  const expected = adjustedOffer({
    baseOffer: initialOffer({ marketPrice: describedVehicle({ make: 'Mazda', model: 'CX-5', year: 2018, km: 98_000 }).market_price }),
    adjustmentAnswers: { condition: 'good', accident_damage: 'yes', service_history: 'yes', finance_owing: 'no' },
  });
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`${site.url}/valuations`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Trade-in valuation' });
  await form.getByLabel('Value my car by its make, model and year').check();
  await expect(form.getByLabel('Rego')).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('*This is a required field.')).toHaveCount(3);
  await form.getByLabel('Vehicle make').fill('Mazda');
  await form.getByLabel('Vehicle model').fill('CX-5');
  await form.getByLabel('Vehicle year').fill('18');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Please enter the year as four digits.')).toBeVisible();
  await form.getByLabel('Vehicle year').fill('2018');
  await form.getByRole('button', { name: 'Continue' }).click();
  // Straight to the questions; back returns to the car's make, model and year.
  await expect(form.getByRole('heading', { name: 'About its condition' })).toBeVisible();
  await form.getByRole('button', { name: 'Go Back' }).click();
  await expect(form.getByLabel('Vehicle model')).toHaveValue('CX-5');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('Odometer (km)').fill('98,000');
  await answerQuestions(form);
  await form.getByRole('button', { name: 'Continue' }).click();
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Get My Offer' }).click();

  await expect(form.locator('[data-offer]')).toHaveText(`$${expected.toLocaleString('en-AU')}`);
  await expect(form.getByRole('status')).toContainText('2018 Mazda CX-5');
  expect(requests.filter((r) => r !== 'POST /api/miscellaneous')).toEqual(['POST /api/valuations', 'PUT /api/valuations']);
  const rows = await site.rows("SELECT rego, offer_price, payload FROM valuations WHERE payload->>'email' = $1", [email]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ offer_price: expected, payload: { make: 'Mazda', model: 'CX-5', year: 2018, km: 98_000, rego: '' } });
});
