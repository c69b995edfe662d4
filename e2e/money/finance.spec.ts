/**
 * Finance displays and the finance application end to end against `serve`.
 */
import { CARS, expect, fillContact, hydrated, test, uniqueEmail } from './moneySite.ts';

test('car page: Taurus weekly repayment, finance information with the comparison-rate wording', async ({ page, site }) => {
  await page.goto(`${site.url}${CARS.corolla.path}`);
  await hydrated(page);
  await expect(page.locator('.car-actions__repayment')).toHaveText('From $119 per week');
  await page.getByRole('button', { name: 'Finance information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finance information' });
  await expect(dialog).toContainText('Repayments are based on a 10% deposit.');
  await expect(dialog).toContainText('secured loan of $30,000 over 5 years');
  await expect(dialog).toContainText('Offer valid for one month, until 10 July 2025.');
  await expect(dialog).toContainText('Taurus finance example only; approval criteria apply.');
});

test('finance application from the car page: query parameters, disclaimer by car id, two steps, terms_agreed required, stored lead', async ({ page, site }) => {
  const email = uniqueEmail('finance');
  await page.goto(`${site.url}${CARS.corolla.path}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Get Finance' }).click();
  await expect(page).toHaveURL(
    `${site.url}/apply-for-finance?preferredDealership=money-motors&vehiclePriceBudget=28990&car_id=7001&car_type=used#finance-form`,
  );
  await hydrated(page);
  // The car of the link (name, photo, price) and the budget as a price, not the raw query.
  await expect(page.locator('[data-finance-car] figcaption')).toHaveText('2022 Toyota Corolla Ascent Sport $28,990');
  await expect(page.locator('[data-finance-car] img')).toHaveAttribute('src', /\S/);
  await expect(page.locator('[data-finance-query]')).toHaveText('Your budget: $28,990');
  await expect(page.locator('[data-finance-disclaimer]')).toHaveText('Taurus finance example only; approval criteria apply.');
  await expect(page.locator('.finance-comparison')).toContainText('10% deposit');

  const form = page.getByRole('form', { name: 'Finance application' });
  await fillContact(form, { name: 'Ada', last_name: 'Byron', email, phone: '0412 000 111', postcode: '2150' });
  // SPEC §4 skip: no car to trade skips the trade-in step; back returns to the step skipped from.
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Step 3 of 3')).toBeVisible();
  await form.getByRole('button', { name: 'Go Back' }).click();
  await expect(form.getByText('Step 1 of 3')).toBeVisible();
  await expect(form.getByLabel('Email Address')).toHaveValue(email);
  await form.getByLabel('I have a car to trade in').check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Step 2 of 3')).toBeVisible();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.locator('.form-error', { hasText: '*This is a required field.' })).toHaveCount(4);
  await expect(form.getByLabel('Trade-in odometer (km)')).toBeVisible();
  await form.getByRole('button', { name: 'Go Back' }).click();
  await form.getByLabel('I have a car to trade in').uncheck();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Step 3 of 3')).toBeVisible();
  const terms = form.getByLabel('I have read and understood the Privacy Statement');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('*This is a required field.').first()).toBeVisible();
  await terms.check();
  await form.getByRole('button', { name: 'Submit' }).click();
  // SPEC §2: car_type of the finance link maps the category to the vehicle enquiry, with the context appended.
  await expect(page).toHaveURL(/\/success\?category=used-vehicle-enquiry&car_id=7001&car_type=used$/);

  const leads = await site.leadsOf(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ category: 'Finance Enquiry', lead_status: 'Complete', form_completed: true });
  expect(leads[0].payload).toMatchObject({ trade_in: false, skipped_steps: [{ from: 0, to: 2 }] });
  expect(leads[0].payload).not.toHaveProperty('trade_in_make');
  expect(leads[0].payload).toMatchObject({
    form: 'finance',
    name: 'Ada',
    last_name: 'Byron',
    email,
    phone: '0412 000 111',
    postcode: '2150',
    terms_agreed: true,
    preferredDealership: 'money-motors',
    vehiclePriceBudget: '28990',
    car_type: 'used',
    car_id: 7001,
    car_dealership_id: 401,
    'Vehicle Make': 'Toyota',
    'Vehicle Model': 'Corolla',
    vehicle_status: 'in_stock',
    manufacturer_slug: 'toyota',
    dealership_slug: 'money-motors',
  });
  expect(leads[0].payload.stock_number).toMatch(/\S/);
});

test('finance application failure keeps every value', async ({ page, site }) => {
  const email = uniqueEmail('finance-fail');
  await page.route(
    '**/api/leads/*',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"An unexpected error occured"}' }),
    { times: 1 },
  );
  await page.goto(`${site.url}/apply-for-finance#finance-form`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Finance application' });
  await fillContact(form, { name: 'Kit', last_name: 'Marlowe', email, phone: '0412 999 888', postcode: '2000' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('I have read and understood the Privacy Statement').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('An unexpected error occured');
  await expect(form.getByLabel('I have read and understood the Privacy Statement')).toBeChecked();
  await form.getByRole('button', { name: 'Go Back' }).click();
  await expect(form.getByLabel('Email Address')).toHaveValue(email);
  await expect(form.getByLabel('Postcode')).toHaveValue('2000');
});

test('Car Clarity dealer: /finance-enquiry, the completed application goes to POST /api/carClarityCustomer', async ({ page, site }) => {
  const email = uniqueEmail('clarity');
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/')) posted.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`${site.clarityUrl}/cars/2022-toyota-corolla-7101`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Get Finance' }).click();
  await expect(page).toHaveURL(/\/finance-enquiry\?preferredDealership=clarity-motors&vehiclePriceBudget=28990&car_id=7101&car_type=used#finance-form$/);
  await hydrated(page);
  await expect(page.locator('[data-finance-disclaimer]')).toHaveText('Car Clarity example only.');
  const form = page.getByRole('form', { name: 'Finance application' });
  // NZ dealer on the length-only rule: any number under 15 characters.
  await fillContact(form, { name: 'Kate', last_name: 'Sheppard', email, phone: '021 555 0101', postcode: '1010' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('I have read and understood the Privacy Statement').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/success/);
  expect(posted).toEqual(['POST /api/leads', 'POST /api/carClarityCustomer']);
  const leads = await site.leadsOf(email);
  const clarity = leads.find((lead) => lead.payload.destination === 'carClarityCustomer');
  expect(clarity?.payload).toMatchObject({
    name: 'Kate',
    email,
    phone: '021 555 0101',
    terms_agreed: true,
    car_id: 7101,
    preferredDealership: 'clarity-motors',
    vehiclePriceBudget: '28990',
    car_type: 'used',
    source: 'Website',
  });
});
