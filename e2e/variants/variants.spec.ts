/**
 * Each configured variant seen in the browser on a dealer whose record configures it (dealers
 * are picked by record fields, see ./variantSites.ts).
 */
import { widgetRatingFor } from '../../server/reviewWidget.ts';
import { HEAR_ABOUT_US_OPTIONS } from '../../domain/formMessages.ts';
import { PHONE_MESSAGES } from '../../domain/phone.ts';
import type { DealerRecord } from '../../domain/site.ts';
import { expect, hydrated, inStockCarPath, test } from './variantSites.ts';

function locationPath(record: DealerRecord, location: DealerRecord['locations'][number]): string {
  return `/locations/${record.paths?.location_by === 'dealership_slug' ? (location.dealership_slug ?? location.slug) : location.slug}`;
}

test("review widget: the rating from GET /api/reviews/{widget}?orgId= shows in the banner, the record's own where it has one", async ({ page, variants }) => {
  const dealer = variants.pick('a review widget', (r) => Boolean(r.review_widget?.widget && r.review_widget.orgId));
  const { widget, orgId } = dealer.record.review_widget!;
  const own = dealer.record.reviews;
  // The local stand-in answers with the record's review set, so the banner agrees with the home page.
  const expected = own ? { average_star_rating: Number(own.average_rating).toFixed(1), count: own.count } : widgetRatingFor({ widget, orgId, reviews: null });
  await page.goto(`${dealer.url}/`);
  const stars = page.locator('[data-review-widget] .stars');
  await expect(stars).toHaveAttribute('aria-label', `Rated ${expected.average_star_rating} out of 5 from ${expected.count} reviews`);
});

test('review widget failure: logged, nothing shown', async ({ page, variants }) => {
  const dealer = variants.pick('a review widget', (r) => Boolean(r.review_widget?.widget));
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.route('**/api/reviews/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto(`${dealer.url}/`);
  await expect.poll(() => logs.some((line) => line.startsWith('Unable to fetch Snap 21 ratings at this moment.'))).toBe(true);
  await expect(page.locator('[data-review-widget]')).toHaveCount(0);
});

test('dealer-rating banner script runs with the dealer id', async ({ page, variants }) => {
  const dealer = variants.pick('a dealer-rating script', (r) => Boolean(r.dealer_rating_script_url));
  await page.goto(`${dealer.url}/`);
  const slot = page.locator('[data-dealer-rating]').first();
  await expect(slot).toHaveAttribute('data-dealer-id', String(dealer.record.dealer_id));
  await expect(page.locator(`script[src="${dealer.record.dealer_rating_script_url}"]`)).toHaveAttribute('data-dealer-id', String(dealer.record.dealer_id));
  if (dealer.record.dealer_rating_script_url!.startsWith('/')) await expect(slot).toHaveAttribute('data-dealer-rating-loaded', String(dealer.record.dealer_id));
});

test('Holiday Opening Hours dialog lists the upcoming special hours', async ({ page, variants }) => {
  const dealer = variants.pick('special hours', (r) => r.features?.special_hours === true && (r.special_hours ?? []).some((s) => s.date >= '2025-06-10'));
  const location = dealer.record.locations[0];
  await page.goto(`${dealer.url}${locationPath(dealer.record, location)}`);
  const opener = page.getByRole('button', { name: 'Holiday Opening Hours' }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Holiday Opening Hours' });
  await expect(dialog).toBeVisible();
  for (const special of (dealer.record.special_hours ?? []).filter((s) => s.date >= '2025-06-10' && s.name)) await expect(dialog).toContainText(special.name!);
  await expect(dialog).toContainText('Closed');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('service weekend hours link Enquire Now to the fixed /contact-us/ path', async ({ page, variants }) => {
  const dealer = variants.pick('a service weekend Enquire Now path', (r) => Boolean(r.paths?.service_weekend_enquire));
  const service = dealer.record.locations.find(
    (l) => l.location_type === 'service' && (l.contact_detail.opening_hours ?? []).some((h) => (h.weekday === 0 || h.weekday === 6) && h.status === 'Open'),
  )!;
  await page.goto(`${dealer.url}${locationPath(dealer.record, service)}`);
  const link = page.locator('.service-weekend').getByRole('link', { name: /Enquire Now|Inquire Now/ });
  await expect(link).toHaveAttribute('href', dealer.record.paths!.service_weekend_enquire!);
  await link.click();
  await expect(page).toHaveURL(`${dealer.url}${dealer.record.paths!.service_weekend_enquire}`);
});

test("'Email Us' opens a dialog with the location's email form", async ({ page, variants }) => {
  const dealer = variants.pick('a location email', (r) => r.locations.some((l) => Boolean(l.contact_detail.email)));
  const location = dealer.record.locations.find((l) => l.contact_detail.email)!;
  await page.goto(`${dealer.url}${locationPath(dealer.record, location)}`);
  await hydrated(page);
  const opener = page.getByRole('button', { name: 'Email Us' }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Email ${location.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('form')).toBeVisible();
  // The page behind does not scroll while the dialog is open.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('car sidebar variant: actions in SPEC order and the Discover More slider overlay', async ({ page, variants }) => {
  const dealer = variants.pick('the discover sidebar', (r) => r.features?.discover_sidebar === true, { withCars: true });
  await page.goto(`${dealer.url}${await inStockCarPath(page, dealer)}`);
  await hydrated(page);
  const sidebar = page.locator('[data-sidebar="discover"]');
  const labels = (await sidebar.locator('.car-actions > li').allInnerTexts()).map((t) => t.split('\n')[0].trim());
  const order = ['Enquire', 'Inquire', 'Get Finance', 'Trade-In Valuation', 'Got a Question?', 'Reserve Car Now', 'Book a Test Drive', 'Discover More'];
  const positions = labels.map((label) => order.indexOf(label)).filter((i) => i >= 0);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(labels.at(-1)).toBe('Discover More');
  expect(labels[0]).toMatch(/^(Enquire|Inquire)$/);
  await expect(sidebar.getByRole('button', { name: 'Apply for Finance' })).toBeVisible();
  const overlay = page.getByRole('region', { name: 'Discover More' });
  await expect(overlay).toBeHidden();
  await sidebar.getByRole('link', { name: 'Discover More' }).click();
  await expect(overlay).toBeVisible();
  await overlay.getByRole('link', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();
});

test('US region: en-US spelling, USD prices and the US phone rule', async ({ page, variants }) => {
  const dealer = variants.pick('region US', (r) => r.region === 'US', { withCars: true });
  await page.goto(`${dealer.url}${await inStockCarPath(page, dealer)}`);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { name: 'Inquire about this car' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Enquire/);
  await page
    .locator('.car-detail__main')
    .getByRole('button', { name: /Send an inquiry/ })
    .click();
  const form = page.getByRole('dialog').getByRole('form');
  await form.getByLabel('Mobile Number').fill('555 0100');
  await form.getByRole('button').last().click();
  await expect(form.getByText(PHONE_MESSAGES.us).first()).toBeVisible();
});

test("forms: required terms, 'Where did you hear about us?' with its 8 options, 'Message Now'", async ({ page, variants }) => {
  const dealer = variants.pick(
    'required terms, hear-about-us and Message Now',
    (r) => r.forms?.terms_required === true && r.forms.hear_about_us === true && r.forms.submit_text === 'Message Now',
  );
  await page.goto(`${dealer.url}/contact`);
  await hydrated(page);
  const form = page.locator('.contact-form form');
  await form.getByLabel('First Name').focus();
  const select = form.getByLabel(/Where did you hear about us\?/);
  await expect(select.locator('option:not([value=""])')).toHaveText([...HEAR_ABOUT_US_OPTIONS]);
  await form.getByRole('button', { name: 'Message Now' }).click();
  await expect(form.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
});
