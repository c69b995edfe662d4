/**
 * Till Payments: a debit transaction on the hosted payment page. JSON POST to
 * /api/v3/transaction/{apiKey}/debit with basic auth; the answer's `redirectUrl` is where the
 * shopper pays.
 */
import { PaymentProviderError, type PaymentProvider, type PaymentRequest, type PaymentSession } from './provider.ts';

/** Till's gateway origin. */
export const TILL_API = 'https://gateway.tillpayments.com';

/** The JSON body of the debit for `request` (exported for the shape test). */
export function tillDebitBody(request: PaymentRequest): Record<string, string> {
  return {
    merchantTransactionId: request.reference,
    amount: request.amount.toFixed(2),
    currency: request.currency,
    description: request.description,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    errorUrl: request.failureUrl,
  };
}

/** A Till provider; `fetch` is injected so tests never reach Till. */
export function createTillProvider({
  apiKey,
  username,
  password,
  fetch: send = fetch,
  apiBase = TILL_API,
}: {
  apiKey: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  apiBase?: string;
}): PaymentProvider {
  return {
    name: 'Till',
    async createPayment(request): Promise<PaymentSession> {
      let response: Response;
      try {
        response = await send(`${apiBase}/api/v3/transaction/${encodeURIComponent(apiKey)}/debit`, {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(tillDebitBody(request)),
        });
      } catch (cause) {
        throw new PaymentProviderError('Till could not be reached', { cause });
      }
      const answer = (await response.json().catch(() => ({}))) as {
        success?: boolean;
        uuid?: string;
        redirectUrl?: string;
        errors?: { errorMessage?: string }[];
      };
      if (!response.ok || !answer.success || !answer.redirectUrl || !answer.uuid) {
        throw new PaymentProviderError(`Till refused the payment (${response.status}): ${answer.errors?.[0]?.errorMessage ?? 'no redirect url'}`);
      }
      return { paymentUrl: answer.redirectUrl, providerReference: answer.uuid };
    },
  };
}
