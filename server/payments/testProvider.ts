/**
 * The local test provider `serve` uses for every dealer, whatever its real provider: the
 * "hosted payment page" is a page of the local server (/api/payments/test/{reference}) with Pay,
 * Cancel and Fail buttons, so the reserve flow completes end to end with nothing leaving the
 * machine. The page itself is rendered by ../reserveApi.ts.
 */
import type { PaymentProvider, PaymentSession } from './provider.ts';

/** Path of the test payment page of a reservation, below the API prefix. */
export function testPaymentPath({ apiRoot, reference }: { apiRoot: string; reference: string }): string {
  return `${apiRoot}/payments/test/${encodeURIComponent(reference)}`;
}

/** The test provider; `dealerProvider` is the dealer's configured provider, shown on the page. */
export function createTestProvider({ apiRoot, dealerProvider }: { apiRoot: string; dealerProvider: string | null }): PaymentProvider {
  return {
    name: dealerProvider ? `Test (${dealerProvider})` : 'Test',
    async createPayment(request): Promise<PaymentSession> {
      return { paymentUrl: testPaymentPath({ apiRoot, reference: request.reference }), providerReference: `test_${request.reference}` };
    },
  };
}
