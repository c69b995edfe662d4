/**
 * Which provider a reservation uses. `serve` is a local preview: it always answers with the test
 * provider (nothing leaves the machine). A live deployment passes `live` settings, and the
 * dealer's configured provider name picks the implementation.
 */
import type { PaymentProvider } from './provider.ts';
import { createStGeorgeProvider } from './stGeorgeProvider.ts';
import { createStripeProvider } from './stripeProvider.ts';
import { createTestProvider } from './testProvider.ts';
import { createTillProvider } from './tillProvider.ts';

/** Credentials of the live providers (from the deployment's environment, never the record). */
export interface LiveProviderSettings {
  stripe?: { secretKey: string };
  till?: { apiKey: string; username: string; password: string };
  stGeorge?: { pageUrl: string; merchantId: string };
  fetch?: typeof fetch;
}

/** Thrown when a dealer's provider is unknown or has no credentials. */
export class PaymentSetupError extends Error {
  override name = 'PaymentSetupError';
}

/** The provider for a dealer whose payment_provider is `name`. */
export function chooseProvider({
  name,
  apiRoot,
  live,
}: {
  name: string | null;
  /** '/api' or '/mock': where the test payment page lives. */
  apiRoot: string;
  /** Absent: local preview (test provider). */
  live?: LiveProviderSettings;
}): PaymentProvider {
  if (!live) return createTestProvider({ apiRoot, dealerProvider: name });
  switch (name) {
    case 'Stripe':
      if (!live.stripe) throw new PaymentSetupError('Stripe is the payment provider but no Stripe secret key is set');
      return createStripeProvider({ ...live.stripe, fetch: live.fetch });
    case 'Till':
      if (!live.till) throw new PaymentSetupError('Till is the payment provider but no Till credentials are set');
      return createTillProvider({ ...live.till, fetch: live.fetch });
    case 'St George':
      if (!live.stGeorge) throw new PaymentSetupError('St George is the payment provider but no hosted page settings are set');
      return createStGeorgeProvider(live.stGeorge);
    default:
      throw new PaymentSetupError(`Unknown payment provider "${name ?? ''}"`);
  }
}
