/**
 * Reserve with a deposit, end to end against `serve` and its local test payment provider.
 */
import { CARS, expect, expectContact, fillContact, hydrated, test, uniqueEmail } from './moneySite.ts';

test('reserve: details, lead, test payment page, Pay, car shows Reserved', async ({ page, site }) => {
  const email = uniqueEmail('reserve');
  const contact = { name: 'Ada', last_name: 'Lovelace', email, phone: '0412 345 678', postcode: '2150' };
  await page.goto(`${site.url}${CARS.corolla.path}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Reserve Car Now' }).click();
  await expect(page).toHaveURL(`${site.url}${CARS.corolla.path}/buy-online`);
  await expect(page.getByText('$500').first()).toBeVisible();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Reserve this car' });
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Enquire Now' }).click();

  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(page.locator('[data-amount]')).toHaveText('$500');
  const leads = await site.leadsOf(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ dealership_slug: 'money-motors', website_slug: 'money-motors', category: 'Reserve' });
  expect(leads[0].payload).toMatchObject({
    form: 'reserve',
    name: 'Ada',
    last_name: 'Lovelace',
    email,
    phone: '0412 345 678',
    postcode: '2150',
    car_id: CARS.corolla.id,
    car_dealership_id: 401,
    source: 'Website',
    page_id: `${CARS.corolla.path}/buy-online`,
  });
  expect(String(leads[0].payload.url)).toContain('/buy-online');

  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/buy-online\?payment=paid&reservation=/);
  await expect(page.getByRole('heading', { name: 'Reserved' })).toBeVisible();
  await expect(page.getByText('Your deposit of $500 has been received')).toBeVisible();
  const reservations = await site.rows('SELECT car_id, lead_id, amount::float8 AS amount, currency, status, provider FROM reservations WHERE lead_id = $1', [
    leads[0].id,
  ]);
  expect(reservations).toEqual([{ car_id: CARS.corolla.id, lead_id: leads[0].id, amount: 500, currency: 'AUD', status: 'paid', provider: 'Test (Stripe)' }]);

  await page.goto(`${site.url}${CARS.corolla.path}`);
  await expect(page.locator('.car-detail__sidebar').getByText('Reserved', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reserve Car Now' })).toHaveCount(0);
});

test('reserve: a failed, then a cancelled, then an abandoned payment keep every typed value and reserve nothing; one lead', async ({ page, site }) => {
  const email = uniqueEmail('reserve-fail');
  const contact = { name: 'Grace', last_name: 'Hopper', email, phone: '0498 765 432', postcode: '2000' };
  const reservePage = `${site.url}${CARS.cx5.path}/buy-online`;
  await page.goto(reservePage);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Reserve this car' });
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail', exact: true }).click();

  await expect(page).toHaveURL(/payment=failed/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment did not go through' })).toBeVisible();
  await expectContact(form, contact);
  const reserved = async () => (await site.rows("SELECT 1 FROM reservations WHERE car_id = $1 AND status = 'paid'", [CARS.cx5.id])).length;
  expect(await reserved()).toBe(0);

  // Again with the same details: the stored lead is reused, a new payment starts; cancel it.
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/payment=cancelled/);
  await expect(page.getByRole('alert').filter({ hasText: 'You cancelled the payment' })).toBeVisible();
  await expectContact(form, contact);

  // Abandoned: start a payment, then come back to the reserve page without paying.
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.goto(reservePage);
  await expectContact(form, contact);
  expect(await reserved()).toBe(0);

  expect(await site.leadsOf(email)).toHaveLength(1);
  const statuses = await site.rows('SELECT status FROM reservations WHERE car_id = $1 ORDER BY id', [CARS.cx5.id]);
  expect(statuses.map((row) => row.status)).toEqual(['failed', 'cancelled', 'pending']);
  await page.goto(`${site.url}${CARS.cx5.path}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Reserve Car Now' })).toBeVisible();
});

test('reserve: a payment provider that cannot be reached keeps the details and offers to continue', async ({ page, site }) => {
  const email = uniqueEmail('reserve-down');
  const contact = { name: 'Alan', last_name: 'Turing', email, phone: '0411 222 333', postcode: '2150' };
  await page.route(
    '**/api/reservations',
    (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Stripe could not be reached' }) }),
    { times: 1 },
  );
  await page.goto(`${site.url}${CARS.ranger.path}/buy-online`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Reserve this car' });
  await fillContact(form, contact);
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Stripe could not be reached' })).toBeVisible();
  await expectContact(form, contact);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  expect(await site.leadsOf(email)).toHaveLength(1);
});
