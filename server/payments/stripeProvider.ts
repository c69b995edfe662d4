/**
 * Stripe: a Checkout Session (hosted payment page) for the deposit. Form-encoded POST to
 * /v1/checkout/sessions with the secret key; the answer's `url` is where the shopper pays.
 */
import { minorUnits, PaymentProviderError, type PaymentProvider, type PaymentRequest, type PaymentSession } from './provider.ts';

/** Stripe's API origin. */
export const STRIPE_API = 'https://api.stripe.com';

/** The form fields of the Checkout Session for `request` (exported for the shape test). */
export function stripeSessionForm(request: PaymentRequest): URLSearchParams {
  return new URLSearchParams({
    mode: 'payment',
    client_reference_id: request.reference,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': request.currency.toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(minorUnits(request.amount)),
    'line_items[0][price_data][product_data][name]': request.description,
    'metadata[reservation]': request.reference,
  });
}

/** A Stripe provider using `secretKey`; `fetch` is injected so tests never reach Stripe. */
export function createStripeProvider({
  secretKey,
  fetch: send = fetch,
  apiBase = STRIPE_API,
}: {
  secretKey: string;
  fetch?: typeof fetch;
  apiBase?: string;
}): PaymentProvider {
  return {
    name: 'Stripe',
    async createPayment(request): Promise<PaymentSession> {
      let response: Response;
      try {
        response = await send(`${apiBase}/v1/checkout/sessions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': request.reference },
          body: stripeSessionForm(request).toString(),
        });
      } catch (cause) {
        throw new PaymentProviderError('Stripe could not be reached', { cause });
      }
      const answer = (await response.json().catch(() => ({}))) as { id?: string; url?: string; error?: { message?: string } };
      if (!response.ok || !answer.url || !answer.id) {
        throw new PaymentProviderError(`Stripe refused the payment (${response.status}): ${answer.error?.message ?? 'no checkout url'}`);
      }
      return { paymentUrl: answer.url, providerReference: answer.id };
    },
  };
}
