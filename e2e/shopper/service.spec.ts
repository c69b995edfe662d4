/**
 * Book a Service (SPEC §1 'book a service', §2 /service): the fixture dealer has no booking URL,
 * so /service itself takes the booking: a lead filed as 'Service Booking' through the lead API,
 * with the vehicle and a drop-off time inside the service location's hours (Mon and Tue
 * 7:30am-4pm). A time outside them says why and stores nothing.
 */
import { expect, fillContact, hydrated, recordEvents, SLUG, test, uniqueEmail } from './shop.ts';

test.beforeEach(async ({ page }) => recordEvents(page));

/** 'YYYY-MM-DD' of the next `weekday` (0 Sunday) at least two days from now. */
function nextWeekday(weekday: number): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test('a service booking is stored as a Service Booking lead with the vehicle and the drop-off time', async ({ page, shop }) => {
  const email = uniqueEmail('service');
  await page.goto(`${shop.url}/service`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Service booking' });
  await expect(form.getByRole('button', { name: 'Book a Service' })).toBeVisible();
  // One service location: no location select, the booking goes to it.
  await expect(form.getByLabel('Service location')).toHaveCount(0);
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

  await form.getByRole('button', { name: 'Book a Service' }).click();
  for (const label of ['Vehicle make', 'Vehicle model', 'Vehicle year', 'Preferred drop-off date and time']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await fillContact(form, { name: 'Ann Marie', last_name: 'Lee', email, phone: '0412 345 678', postcode: '2300' });
  await form.getByLabel('Rego').fill('ABC123');
  await form.getByLabel('Vehicle make').fill('Toyota');
  await form.getByLabel('Vehicle model').fill('Corolla');
  await form.getByLabel('Vehicle year').fill('19');
  await form.getByLabel('Odometer (km)').fill('45000');
  await form.getByLabel('Service type').selectOption('Repairs or diagnosis');
  await form.getByLabel('Message').fill('A squeak from the front left.');
  const when = form.getByLabel('Preferred drop-off date and time');
  for (const [value, message] of [
    ['2024-06-17T09:00', 'Please choose a date and time in the future.'],
    [`${nextWeekday(3)}T09:00`, 'We are closed on Wednesdays. Please choose another day.'],
    [`${nextWeekday(1)}T16:00`, 'Please choose a time between 7:30am and 4:00pm.'],
  ] as const) {
    await when.fill(value);
    await form.getByRole('button', { name: 'Book a Service' }).click();
    await expect(form.locator('#service-booking-dateTime-error')).toHaveText(message);
  }
  await expect(form.locator('#service-booking-year-error')).toHaveText('Please enter the year as four digits.');
  expect(await shop.leadsOf(email)).toHaveLength(0);

  await form.getByLabel('Vehicle year').fill('2019');
  const dateTime = `${nextWeekday(2)}T07:30`;
  await when.fill(dateTime);
  await form.getByRole('button', { name: 'Book a Service' }).click();
  await page.waitForURL(/\/success\?category=service-booking&location_id=32$/);
  const leads = await shop.leadsOf(email);
  expect(leads).toHaveLength(1);
  expect(leads[0].category).toBe('Service Booking');
  expect(leads[0].payload).toMatchObject({
    form: 'service',
    category: 'Service Booking',
    dealership_slug: SLUG,
    rego: 'ABC123',
    make: 'Toyota',
    model: 'Corolla',
    year: '2019',
    odometer: '45000',
    service_type: 'Repairs or diagnosis',
    message: 'A squeak from the front left.',
    dateTime,
    location_id: 32,
  });
});

test('the lead API refuses a service booking in the past, whatever the page did', async ({ page, shop }) => {
  await page.goto(`${shop.url}/service`);
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        lead: {
          form: 'service',
          name: 'Ann',
          last_name: 'Lee',
          email: 'past-service@example.com',
          phone: '0412345678',
          postcode: '2300',
          make: 'Toyota',
          model: 'Corolla',
          year: '2019',
          service_type: 'General service',
          message: 'Past',
          dateTime: '2024-06-17T09:00',
          location_id: 32,
          dealership_slug: 'shopper-motors',
        },
      }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toEqual({ dateTime: 'Please choose a date and time in the future.' });
  expect(await shop.leadsOf('past-service@example.com')).toHaveLength(0);
});
