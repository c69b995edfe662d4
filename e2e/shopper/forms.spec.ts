/**
 * Every lead form end to end against the served fixture dealer: the stored lead equals what was
 * typed and carries SPEC §7's context; each validation rule shows its message; a failed send
 * keeps every field and can be sent again; double clicks and Enter spam store one lead.
 */
import type { Route } from '@playwright/test';
import { formatShortDate } from '../../domain/region.ts';
import { CARS, events, expect, fillContact, hydrated, recordEvents, SLUG, test, uniqueEmail } from './shop.ts';

test.beforeEach(async ({ page }) => recordEvents(page));

/** SPEC §3 lead form values naming the Corolla. */
const COROLLA_NAMED = {
  stock_number: 'SM9001',
  'Vehicle Make': 'Toyota',
  'Vehicle Model': 'Corolla',
  car_type: 'used',
  vehicle_status: 'in_stock',
  manufacturer_slug: 'toyota',
};

/** 'YYYY-MM-DD' of the next `weekday` (0 Sunday) at least two days from now, so no clock or zone makes it the past. */
function nextWeekday(weekday: number): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const person = (email: string) => ({ name: 'Ann Marie', last_name: 'Lee', email, phone: '0412 345 678', postcode: '2300' });

test.describe('car page enquiry', () => {
  test('stores exactly what was typed with the SPEC §7 context, logs event 15 and goes to /success', async ({ page, shop }) => {
    const email = uniqueEmail('enquiry');
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await page.goto(`${shop.url}/?utm_source=e2e&gclid=g1`);
    await hydrated(page);
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    // (This fixture's footer form ships the shared form code at idle; the dialog itself loads on open.)
    expect(
      chunks.some((url) => /LeadFormDialog/.test(url)),
      'the form dialog loads only when a form opens',
    ).toBe(false);

    await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
    await expect(dialog).toBeVisible();
    expect(chunks.some((url) => /LeadFormDialog/.test(url))).toBe(true);
    await expect(dialog.getByLabel('Yes, I would like to subscribe to receive latest offers & product updates.')).toBeChecked();
    await fillContact(dialog, person(email));
    await dialog.getByLabel('Message').fill('Is it still available?\nThanks');
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    // SPEC §2: the form's context follows the category as extra key=value pairs.
    await page.waitForURL(/\/success\?category=used-vehicle-enquiry&car_id=9001&car_type=used&location_id=31$/);
    await expect(page.getByRole('status')).toContainText('We have received your Used Vehicle Enquiry.');

    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({
      name: 'Ann Marie',
      last_name: 'Lee',
      email,
      phone: '0412 345 678',
      postcode: '2300',
      message: 'Is it still available?\nThanks',
      opt_in: true,
      form: 'enquiry',
      category: 'Used Vehicle Enquiry',
      dealership_slug: SLUG,
      website_slug: SLUG,
      source: 'Website',
      car_id: CARS.corolla.id,
      car_dealership_id: 301,
      // SPEC §3 lead form values naming the car, so the lead needs no look-up.
      stock_number: 'SM9001',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Corolla',
      car_type: 'used',
      vehicle_status: 'in_stock',
      manufacturer_slug: 'toyota',
      location_id: 31,
      url: `${shop.url}${CARS.corolla.path}`,
      linked_query_params: { utm_source: 'e2e', gclid: 'g1' },
    });
    expect(lead.payload.user_agent).toMatch(/Chrom/);
    expect(lead.payload.visited_pages).toEqual(['/?utm_source=e2e&gclid=g1', CARS.corolla.path]);
    expect((await events(page)).filter((e) => e.event === 'form_submit').map((e) => e.event_id)).toEqual([15]);
    expect(await shop.leadsOf(email)).toHaveLength(1);
    // SPEC §3 local storage: the per-site success category.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('success_category') ?? 'null'))).toEqual({ [SLUG]: 'Used Vehicle Enquiry' });
  });

  test("request photos names the car on its lead, at the car's own location", async ({ page, shop }) => {
    const named = {
      car_id: CARS.ranger.id,
      stock_number: String(CARS.ranger.id),
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Ranger',
      car_type: 'used',
      vehicle_status: 'in_stock',
      manufacturer_slug: 'ford',
    };
    const photos = uniqueEmail('carphotos');
    await page.goto(`${shop.url}${CARS.ranger.path}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Request Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Photos' });
    await fillContact(dialog, person(photos));
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    // The Ranger stands at the service location (32): its leads and success page say so.
    await page.waitForURL(/\/success\?category=used-vehicle-enquiry&car_id=9004&car_type=used&location_id=32$/);
    const [lead] = await shop.leadsOf(photos);
    expect(lead.payload).toMatchObject({ ...named, form: 'request-photos', location_id: 32 });
  });

  test('saved details prefill the next form (only the five contact fields)', async ({ page, shop }) => {
    const email = uniqueEmail('prefill');
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
    await fillContact(dialog, person(email));
    await dialog.getByLabel('Message').fill('First');
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success/);
    await page.goto(`${shop.url}${CARS.rav4.path}`);
    await hydrated(page);
    await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).click();
    const next = page.getByRole('dialog', { name: 'Enquire about this car' });
    await expect(next.getByLabel('Email Address')).toHaveValue(email);
    await expect(next.getByLabel('First Name')).toHaveValue('Ann Marie');
    await expect(next.getByLabel('Postcode')).toHaveValue('2300');
    await expect(next.getByLabel('Message')).toHaveValue('');
  });
});

test.describe('validation (SPEC §5), one row per rule', () => {
  const rows = [
    { rule: 'required', field: 'First Name', value: '', message: '*This is a required field.' },
    { rule: 'alphabetical', field: 'Last Name', value: 'Lee2', message: 'Please use alphabetical characters only.' },
    { rule: 'email', field: 'Email Address', value: 'ann@example', message: 'invalid email address' },
    { rule: 'postcode', field: 'Postcode', value: '230', message: 'Invalid postcode. Please enter a 4-digit number.' },
    { rule: 'AU phone', field: 'Mobile Number', value: '0112345678', message: 'Invalid phone number. Must be an Australian number.' },
    { rule: 'message required', field: 'Message', value: '', message: '*This is a required field.' },
  ];
  // One page takes every row in turn (each time all else valid): a page per row would cost
  // several times as long on CI's 2-core machine.
  test('each rule: its message at the field and in the summary; nothing is sent', async ({ page, shop }) => {
    const email = uniqueEmail('valid');
    await page.goto(`${shop.url}/contact`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'General enquiry' });
    await form.getByLabel('Location').selectOption({ label: 'Shopper Motors - Sales' });
    for (const row of rows) {
      await fillContact(form, person(email));
      await form.getByLabel('Message').fill('Hello');
      await form.getByLabel(row.field).fill(row.value);
      await form.getByRole('button', { name: 'Enquire Now' }).click();
      const input = form.getByLabel(row.field);
      await expect(input, row.rule).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await input.getAttribute('aria-describedby');
      await expect(page.locator(`#${describedBy}`), row.rule).toHaveText(row.message);
      const summary = form.locator('.form-summary');
      await expect(summary, row.rule).toBeFocused();
      await expect(summary, row.rule).toContainText(row.message);
      // Only this row's field is wrong.
      await expect(form.locator('[aria-invalid="true"]'), row.rule).toHaveCount(1);
    }
    expect(await shop.leadsOf(email)).toHaveLength(0);
  });
  test('the test number is always accepted', async ({ page, shop }) => {
    const email = uniqueEmail('testno');
    await page.goto(`${shop.url}/contact`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'General enquiry' });
    await fillContact(form, { ...person(email), phone: '0400000000' });
    await form.getByLabel('Location').selectOption({ label: 'Shopper Motors - Service' });
    await form.getByLabel('Message').fill('Service booking please');
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success\?category=general-enquiry/);
    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({ phone: '0400000000', category: 'General Enquiry', location_id: 32, form: 'general' });
  });
});

test.describe('failures keep everything and can be sent again', () => {
  for (const failure of ['server answers 500', 'server unreachable'] as const) {
    test(`${failure}: alert under the form, fields kept, one lead after the retry`, async ({ page, shop }) => {
      const email = uniqueEmail('fail');
      await page.goto(`${shop.url}/contact`);
      await hydrated(page);
      await page.route('**/api/leads', (route) =>
        failure === 'server unreachable'
          ? route.abort('connectionrefused')
          : route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal error</h1>' }),
      );
      const form = page.getByRole('form', { name: 'General enquiry' });
      await form.getByLabel('Category').selectOption('Finance Enquiry');
      await fillContact(form, person(email));
      await form.getByLabel('Location').selectOption({ label: 'Shopper Motors - Sales' });
      await form.getByLabel('Message').fill('Keep me');
      await form.getByLabel('Yes, I would like').uncheck();
      await form.getByRole('button', { name: 'Enquire Now' }).click();
      const alert = form.locator('.form-alert');
      await expect(alert).toHaveText('An error occurred when submitting this form');
      await expect(alert).toHaveAttribute('role', 'alert');
      await expect(alert).toHaveCSS('background-color', 'rgb(176, 0, 32)');
      await expect(form.getByLabel('Category')).toHaveValue('Finance Enquiry');
      await expect(form.getByLabel('First Name')).toHaveValue('Ann Marie');
      await expect(form.getByLabel('Email Address')).toHaveValue(email);
      await expect(form.getByLabel('Message')).toHaveValue('Keep me');
      await expect(form.getByLabel('Yes, I would like')).not.toBeChecked();
      expect(await shop.leadsOf(email)).toHaveLength(0);

      await page.unroute('**/api/leads');
      await form.getByRole('button', { name: 'Enquire Now' }).click();
      await page.waitForURL(/\/success\?category=finance-enquiry/);
      const leads = await shop.leadsOf(email);
      expect(leads).toHaveLength(1);
      expect(leads[0].payload).toMatchObject({ category: 'Finance Enquiry', opt_in: false, message: 'Keep me' });
    });
  }

  test("the server's own error text is shown", async ({ page, shop }) => {
    await page.goto(`${shop.url}/contact`);
    await hydrated(page);
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Leads are paused today', errors: {} }) }),
    );
    const form = page.getByRole('form', { name: 'General enquiry' });
    await fillContact(form, person(uniqueEmail('servererr')));
    await form.getByLabel('Location').selectOption({ label: 'Shopper Motors - Sales' });
    await form.getByLabel('Message').fill('Hi');
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(form.locator('.form-alert')).toHaveText('Leads are paused today');
  });
});

test.describe('one lead per submission', () => {
  for (const how of ['double click', 'Enter spam'] as const) {
    test(`${how} stores one lead`, async ({ page, shop }) => {
      const email = uniqueEmail(how.replace(' ', ''));
      await page.goto(`${shop.url}/contact`);
      await hydrated(page);
      // The lead request is held unanswered while the repeats happen, the widest window in
      // which a repeat could slip through; it is let through once they are done.
      const held: Route[] = [];
      await page.route('**/api/leads', (route) => {
        held.push(route);
      });
      const form = page.getByRole('form', { name: 'General enquiry' });
      await fillContact(form, person(email));
      await form.getByLabel('Location').selectOption({ label: 'Shopper Motors - Sales' });
      await form.getByLabel('Message').fill('Once only');
      if (how === 'double click') await form.getByRole('button', { name: 'Enquire Now' }).dblclick();
      else for (let i = 0; i < 6; i++) await form.getByLabel('Email Address').press('Enter');
      await expect.poll(() => held.length).toBe(1);
      for (const route of held) await route.continue();
      await page.waitForURL(/\/success/);
      // The form page is gone, so nothing more can be sent: one request, one stored lead.
      expect(held).toHaveLength(1);
      await expect.poll(() => shop.leadsOf(email).then((l) => l.length)).toBe(1);
    });
  }
});

test.describe('multi-step forms', () => {
  test('test drive: two steps, Go Back keeps values, success record stored, event 48, /success', async ({ page, shop }) => {
    const email = uniqueEmail('drive');
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.locator('.car-actions').getByRole('link', { name: 'Book a Test Drive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
    await expect(dialog.getByText('Step 1 of 2')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await fillContact(dialog, person(email));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Step 2 of 2')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog.getByLabel('Email Address')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The sales location (31) opens Mondays 8:30am to 5:30pm only; the date is optional but, when given, checked.
    const field = dialog.getByLabel('Preferred date and time');
    await expect(field).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const monday = nextWeekday(1);
    for (const [value, message] of [
      ['2024-06-17T10:30', 'Please choose a date and time in the future.'],
      [`${nextWeekday(0)}T10:30`, 'We are closed on Sundays. Please choose another day.'],
      [`${monday}T17:30`, 'Please choose a time between 8:30am and 5:30pm.'],
    ] as const) {
      await field.fill(value);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.locator('.form-error')).toHaveText(message);
      expect(await shop.leadsOf(email)).toHaveLength(0);
    }
    const dateTime = `${monday}T10:30`;
    await field.fill(dateTime);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/success\?category=used-vehicle-enquiry&car_id=9001&car_type=used&location_id=31$/);
    // The date as the region writes it (the fixture dealer is Australian: dd/mm/yyyy).
    const shown = formatShortDate({ date: `${monday}T00:00:00Z`, region: 'AU' });
    await expect(page.getByRole('status')).toContainText(`Your test drive of the 2022 Toyota Corolla Ascent Sport for ${shown} at 10:30 is requested.`);
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('success_record') ?? 'null'));
    expect(record).toMatchObject({ category: 'Test Drive', car_id: CARS.corolla.id, dateTime });
    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({ form: 'test-drive', dateTime, message: '', category: 'Test Drive', car_id: CARS.corolla.id, ...COROLLA_NAMED });
    expect(await shop.leadsOf(email)).toHaveLength(1);
    expect((await events(page)).filter((e) => e.event === 'form_submit').map((e) => e.event_id)).toEqual([48]);
  });

  test('finance pre-approval saves step 1 as an incomplete lead, then completes the same lead', async ({ page, shop }) => {
    const email = uniqueEmail('finance');
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Get Pre-Approved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finance Pre-Approval' });
    await fillContact(dialog, person(email));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect.poll(() => shop.leadsOf(email).then((l) => l.map((x) => x.lead_status))).toEqual(['Incomplete']);
    const [saved] = await shop.leadsOf(email);
    expect(saved.form_completed).toBe(false);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByLabel('I have read and understood the Privacy Statement')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('I have read and understood the Privacy Statement').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/success/);
    const leads = await shop.leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].id).toBe(saved.id);
    expect(leads[0].form_completed).toBe(true);
    expect(leads[0].payload).toMatchObject({
      terms_agreed: true,
      isLastStep: true,
      lead_id: saved.id,
      form: 'finance',
      car_id: CARS.corolla.id,
      ...COROLLA_NAMED,
    });
  });
});

test.describe('other forms', () => {
  test('request photos sends the default message', async ({ page, shop }) => {
    const email = uniqueEmail('photos');
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Request Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Photos' });
    await expect(dialog.getByLabel('Message')).toHaveValue('Please send photos for this car');
    await fillContact(dialog, person(email));
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success/);
    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({ message: 'Please send photos for this car', form: 'request-photos', car_id: CARS.corolla.id });
  });

  test('career enquiry: General Enquiry / Career Enquiry with a CV (multipart), event 51', async ({ page, shop }) => {
    const email = uniqueEmail('career');
    await page.goto(`${shop.url}/contact`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Send a Career Enquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Career Enquiry' });
    await fillContact(dialog, person(email));
    await dialog.getByLabel('Message').fill('I would love to work with you.');
    await dialog.getByLabel('Your CV (optional)').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('My CV') });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/leads/with-files'));
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data/);
    await page.waitForURL(/\/success\?category=general-enquiry/);
    const [lead] = await shop.leadsOf(email);
    expect(lead.category).toBe('General Enquiry');
    expect(lead.subcategory).toBe('Career Enquiry');
    expect(lead.payload).toMatchObject({ form: 'career', message: 'I would love to work with you.' });
    expect((await events(page)).filter((e) => e.event === 'form_submit').map((e) => e.event_id)).toEqual([51]);
  });

  test('the location contact form sends its location', async ({ page, shop }) => {
    const email = uniqueEmail('location');
    await page.goto(`${shop.url}/contact-us/shopper-motors`);
    await hydrated(page);
    const form = page.getByRole('form', { name: /^Contact Shopper Motors/ });
    await fillContact(form, person(email));
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success/);
    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({ form: 'contact', location_id: 31 });
  });

  test("the footer's Subscribe For Updates form", async ({ page, shop }) => {
    const email = uniqueEmail('subscribe');
    await page.goto(`${shop.url}/privacy-policy`);
    const form = page.getByRole('form', { name: 'Subscribe For Updates' });
    // The footer form hydrates when it scrolls into view, as a shopper reaches it.
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="FormOnDemand"][data-hydrated]')).toHaveCount(1);
    await expect(form.getByLabel('Message')).toHaveCount(0);
    await fillContact(form, person(email));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/success\?category=general-enquiry/);
    const [lead] = await shop.leadsOf(email);
    expect(lead.payload).toMatchObject({ form: 'subscribe', category: 'General Enquiry' });
    expect(lead.payload.message).toBeUndefined();
  });
});

test('an information page embeds the instant price form of its record: the budget is checked, the request is stored as a lead', async ({ page, shop }) => {
  const email = uniqueEmail('instant');
  await page.goto(`${shop.url}/instant-price`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Request an instant price' });
  await form.getByLabel('Make').fill('Toyota');
  await form.getByLabel('Model', { exact: false }).first().fill('Corolla');
  await form.getByLabel('Budget').fill('about 30k');
  await fillContact(form, person(email));
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(form.getByText('Please enter the budget in whole dollars.').first()).toBeVisible();
  expect(await shop.leadsOf(email)).toHaveLength(0);
  await form.getByLabel('Budget').fill('$30,000');
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await page.waitForURL(/\/success\?category=instant-price-request/);
  const leads = await shop.leadsOf(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ category: 'Instant Price Request' });
  expect(leads[0].payload).toMatchObject({
    form: 'instant-price',
    make: 'Toyota',
    model: 'Corolla',
    budget: '$30,000',
    name: 'Ann Marie',
    email,
    page_id: '/instant-price',
  });
});
