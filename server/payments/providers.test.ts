import { describe, expect, it } from 'vitest';
import { chooseProvider, PaymentSetupError } from './chooseProvider.ts';
import { PaymentProviderError, type PaymentRequest } from './provider.ts';
import { stGeorgePaymentUrl } from './stGeorgeProvider.ts';
import { createStripeProvider, stripeSessionForm } from './stripeProvider.ts';
import { createTillProvider, tillDebitBody } from './tillProvider.ts';

const REQUEST: PaymentRequest = {
  reference: 'res-1',
  amount: 500,
  currency: 'AUD',
  description: 'Deposit: 2022 Toyota Corolla',
  successUrl: 'http://127.0.0.1/cars/x/checkout?payment=paid&reservation=res-1',
  cancelUrl: 'http://127.0.0.1/cars/x/checkout?payment=cancelled&reservation=res-1',
  failureUrl: 'http://127.0.0.1/cars/x/checkout?payment=failed&reservation=res-1',
};

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit }) {
  return (async (url: string, init?: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('payment providers behind one interface', () => {
  it('Stripe: a Checkout Session in cents, answered with its hosted url', async () => {
    const form = stripeSessionForm(REQUEST);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('50000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(form.get('client_reference_id')).toBe('res-1');
    const seen: { url?: string; init?: RequestInit } = {};
    const stripe = createStripeProvider({ secretKey: 'sk_test', fetch: fakeFetch(200, { id: 'cs_1', url: 'https://checkout.stripe.com/c/cs_1' }, seen) });
    expect(await stripe.createPayment(REQUEST)).toEqual({ paymentUrl: 'https://checkout.stripe.com/c/cs_1', providerReference: 'cs_1' });
    expect(seen.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect((seen.init?.headers as Record<string, string>).Authorization).toBe('Bearer sk_test');
    const refused = createStripeProvider({ secretKey: 'sk', fetch: fakeFetch(402, { error: { message: 'card declined' } }, {}) });
    await expect(refused.createPayment(REQUEST)).rejects.toThrow(PaymentProviderError);
  });

  it('Till: a debit with the amount in dollars and the three return urls', async () => {
    expect(tillDebitBody(REQUEST)).toMatchObject({ merchantTransactionId: 'res-1', amount: '500.00', currency: 'AUD', errorUrl: REQUEST.failureUrl });
    const seen: { url?: string; init?: RequestInit } = {};
    const till = createTillProvider({
      apiKey: 'key',
      username: 'u',
      password: 'p',
      fetch: fakeFetch(200, { success: true, uuid: 'u1', redirectUrl: 'https://pay.till/u1' }, seen),
    });
    expect(await till.createPayment(REQUEST)).toEqual({ paymentUrl: 'https://pay.till/u1', providerReference: 'u1' });
    expect(seen.url).toBe('https://gateway.tillpayments.com/api/v3/transaction/key/debit');
    const down = createTillProvider({
      apiKey: 'k',
      username: 'u',
      password: 'p',
      fetch: (async () => {
        throw new Error('offline');
      }) as unknown as typeof fetch,
    });
    await expect(down.createPayment(REQUEST)).rejects.toThrow('Till could not be reached');
  });

  it('St George: the hosted page with merchant, cents and return urls', () => {
    const url = new URL(stGeorgePaymentUrl({ pageUrl: 'https://pay.stgeorge.example/hpp', merchantId: 'M1', request: REQUEST }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ merchant_id: 'M1', amount: '50000', reference: 'res-1', decline_url: REQUEST.failureUrl });
  });

  it('serve uses the test provider whatever the dealer configures; live needs credentials', async () => {
    const test = chooseProvider({ name: 'St George', apiRoot: '/mock' });
    expect(test.name).toBe('Test (St George)');
    expect((await test.createPayment(REQUEST)).paymentUrl).toBe('/mock/payments/test/res-1');
    expect(() => chooseProvider({ name: 'Stripe', apiRoot: '/api', live: {} })).toThrow(PaymentSetupError);
    expect(() => chooseProvider({ name: 'PayPal', apiRoot: '/api', live: {} })).toThrow('Unknown payment provider "PayPal"');
    expect(chooseProvider({ name: 'Stripe', apiRoot: '/api', live: { stripe: { secretKey: 'sk' } } }).name).toBe('Stripe');
  });
});
