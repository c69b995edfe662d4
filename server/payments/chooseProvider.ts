/**
 * Which provider a reservation uses. In demo mode (`serve --demo`) every dealer gets the local
 * test provider (nothing leaves the machine, nothing is charged). In production the dealer's
 * payment_provider picks the live implementation with the operator's credentials; a provider
 * that cannot take live deposits is refused (serve checks the same rule before it starts).
 */
import { type LiveProviderSettings, PaymentSetupError, paymentSetupProblem } from './paymentSettings.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripeProvider.ts';
import { createTestProvider } from './testProvider.ts';

/** The provider for a dealer whose payment_provider is `name`. */
export function chooseProvider({
  name,
  apiRoot,
  demo,
  live,
  clock,
}: {
  name: string | null;
  /** '/api' or '/mock': where the test payment page lives. */
  apiRoot: string;
  /** Demo mode: the test provider, whatever `name` is. */
  demo: boolean;
  live: LiveProviderSettings;
  clock?: () => Date;
}): PaymentProvider {
  if (demo) return createTestProvider({ apiRoot, dealerProvider: name });
  const problem = paymentSetupProblem({ provider: name, live });
  if (problem) throw new PaymentSetupError(problem);
  if (name === 'Stripe' && live.stripe)
    return createStripeProvider({ secretKey: live.stripe.secretKey, api: live.stripe.api, sessionMinutes: live.stripe.sessionMinutes, clock });
  throw new PaymentSetupError('This site takes no deposits online');
}
