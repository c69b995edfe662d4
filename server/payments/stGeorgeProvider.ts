/**
 * St George: the bank's hosted payment page is reached by redirect with the merchant id, the
 * amount in cents, our reference and the return URLs as query parameters (no server-to-server
 * call starts it). The page URL and merchant id are the dealer's settings.
 */
import { minorUnits, type PaymentProvider, type PaymentRequest, type PaymentSession } from './provider.ts';

/** The hosted page URL for `request`. */
export function stGeorgePaymentUrl({ pageUrl, merchantId, request }: { pageUrl: string; merchantId: string; request: PaymentRequest }): string {
  const url = new URL(pageUrl);
  url.searchParams.set('merchant_id', merchantId);
  url.searchParams.set('amount', String(minorUnits(request.amount)));
  url.searchParams.set('currency', request.currency);
  url.searchParams.set('reference', request.reference);
  url.searchParams.set('description', request.description);
  url.searchParams.set('return_url', request.successUrl);
  url.searchParams.set('cancel_url', request.cancelUrl);
  url.searchParams.set('decline_url', request.failureUrl);
  return url.toString();
}

/** A St George provider. */
export function createStGeorgeProvider({ pageUrl, merchantId }: { pageUrl: string; merchantId: string }): PaymentProvider {
  return {
    name: 'St George',
    async createPayment(request): Promise<PaymentSession> {
      return { paymentUrl: stGeorgePaymentUrl({ pageUrl, merchantId, request }), providerReference: request.reference };
    },
  };
}
