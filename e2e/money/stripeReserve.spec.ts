/**
 * A live Stripe deposit, end to end in production mode: `serve` with the Stripe secrets in its
 * environment and the official SDK pointed at a local stand-in of the API
 * (fixtures/money/stripeApi.ts). The shopper is sent to the Checkout Session's URL; the payment
 * is settled only by a signed webhook event (a shopper back before it waits for it); a second
 * browser then sees the car reserved.
 */
import { expect, test } from '@playwright/test';
import Stripe from 'stripe';
import { startStripeApi } from '../../fixtures/money/stripeApi.ts';
import { serveGeneratedSites } from '../servedFixture.ts';
import { fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';
import { CARS, NOW, SLUG } from './moneySite.ts';
import { STRIPE_WEBHOOK_PATH } from '../../server/payments/stripeWebhook.ts';

test('Stripe: checkout session, signed webhook, the car shows reserved to another browser', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const stripeApi = await startStripeApi();
  const webhookSecret = 'whsec_e2e_local';
  const served = await serveGeneratedSites({
    tag: 'stripe',
    workerIndex: testInfo.workerIndex,
    builds: [{ dealersDir: 'fixtures/money/dealers', slugs: [SLUG] }],
    now: NOW,
    demo: false,
    env: {
      ...process.env,
      FORECOURT_SECRET_STRIPE_KEY: 'sk_test_e2e',
      FORECOURT_SECRET_STRIPE_WEBHOOK: webhookSecret,
      FORECOURT_STRIPE_API_URL: `http://127.0.0.1:${stripeApi.address.port}`,
    },
  });
  try {
    const url = served.url(SLUG);
    await page.goto(`${url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Reserve Car Now' }).click();
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Reserve this car' });
    await fillContact(form, { name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('stripe'), phone: '0412 345 678', postcode: '2150' });
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    // Sent to Stripe's hosted page (here the stand-in's URL of the session).
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_\d+$/);
    const session = [...stripeApi.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ amount_total: 50_000, currency: 'aud' });

    // Back from Stripe's page without paying (its cancel URL): not reserved, the details kept.
    await page.goto(String(session.cancel_url));
    await hydrated(page);
    await expect(page.getByText('You cancelled the payment, so the car is not reserved yet.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Reserve this car' }).getByLabel('Email')).not.toHaveValue('');

    // Back from Stripe's page after paying, before Stripe's event arrived: the page waits for it
    // and hides the form, so nobody pays twice.
    await page.goto(String(session.success_url));
    await expect(page.getByText('We are confirming your payment with the payment provider.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Reserve this car' })).toHaveCount(0);

    // Stripe's signed event is what reserves the car.
    const payload = JSON.stringify({
      id: 'evt_e2e_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_e2e' } },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const answer = await fetch(`${url}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(await answer.json()).toEqual({ received: true, result: 'applied' });

    // The waiting page sees the confirmation without a reload; a fresh visit of the success URL shows it at once.
    await expect(page.getByRole('heading', { name: 'Reserved' })).toBeVisible({ timeout: 10_000 });
    await page.goto(String(session.success_url));
    await expect(page.getByRole('heading', { name: 'Reserved' })).toBeVisible();

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.goto(`${url}${CARS.corolla.path}`);
      await expect(second.locator('.car-detail__sidebar').getByText('Reserved', { exact: true })).toBeVisible();
      await expect(second.getByRole('link', { name: 'Reserve Car Now' })).toHaveCount(0);
    } finally {
      await other.close();
    }
  } finally {
    await served.dispose();
    await stripeApi.close();
  }
});
