import { describe, expect, it } from 'vitest';
import { serveModeFor } from '../serveMode.ts';
import { defaultSiteConfig } from '../siteConfig.ts';
import { chooseProvider } from './chooseProvider.ts';
import { livePaymentSettings, PaymentSetupError, paymentSetupProblems, STRIPE_API_ENV, STRIPE_KEY_ENV, STRIPE_WEBHOOK_ENV } from './paymentSettings.ts';
import { stripeSessionParams, STRIPE_SESSION_MINUTES } from './stripeProvider.ts';

const STRIPE = { stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' } };

describe('payment settings of the operator', () => {
  it('reads Stripe only when both secrets are set, and its API address when given', () => {
    expect(livePaymentSettings({ env: {} })).toEqual({});
    expect(livePaymentSettings({ env: { [STRIPE_KEY_ENV]: 'sk_test_x' } })).toEqual({});
    expect(livePaymentSettings({ env: { [STRIPE_KEY_ENV]: 'sk_test_x', [STRIPE_WEBHOOK_ENV]: 'whsec_x' } })).toEqual({
      stripe: { ...STRIPE.stripe, api: undefined },
    });
    expect(
      livePaymentSettings({ env: { [STRIPE_KEY_ENV]: 'sk', [STRIPE_WEBHOOK_ENV]: 'wh', [STRIPE_API_ENV]: 'http://127.0.0.1:12111' } }).stripe?.api,
    ).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(() => livePaymentSettings({ env: { [STRIPE_KEY_ENV]: 'sk', [STRIPE_WEBHOOK_ENV]: 'wh', [STRIPE_API_ENV]: 'ftp://x' } })).toThrow(PaymentSetupError);
  });

  it.each([
    [null, {}, null],
    ['Stripe', STRIPE, null],
    ['Stripe', {}, `payment_provider Stripe needs ${STRIPE_KEY_ENV} and ${STRIPE_WEBHOOK_ENV} in the environment`],
    ['Till', STRIPE, 'payment_provider Till cannot take live deposits yet'],
    ['St George', STRIPE, 'payment_provider St George cannot take live deposits yet'],
  ] as const)('payment_provider %s with %j: %s', (provider, live, problem) => {
    const problems = paymentSetupProblems({ sites: [{ slug: 'a-dealer', payment_provider: provider }], live });
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems[0]).toContain(`a-dealer: ${problem}`);
  });
});

describe('serve mode of sites whose provider cannot be live', () => {
  it.each(['Till', 'St George'] as const)('%s: production refuses to start, naming the dealer and the way out; demo serves', (provider) => {
    const sites = [{ ...defaultSiteConfig({ slug: 'a-dealer' }), payment_provider: provider }];
    const env = { [STRIPE_KEY_ENV]: 'sk_test_x', [STRIPE_WEBHOOK_ENV]: 'whsec_x' };
    expect(() => serveModeFor({ sites, env, demo: false })).toThrow(PaymentSetupError);
    expect(() => serveModeFor({ sites, env, demo: false })).toThrow(
      `a-dealer: payment_provider ${provider} cannot take live deposits yet (no verified payment notification); set payment_provider: null or serve with --demo`,
    );
    expect(serveModeFor({ sites, env: {}, demo: true }).demo).toBe(true);
  });
});

describe('chooseProvider', () => {
  it('demo mode: the test provider, labelled with the dealer provider', () => {
    expect(chooseProvider({ name: 'Stripe', apiRoot: '/api', demo: true, live: {} }).name).toBe('Test (Stripe)');
  });
  it('production: the live provider, or refused', () => {
    expect(chooseProvider({ name: 'Stripe', apiRoot: '/api', demo: false, live: STRIPE }).name).toBe('Stripe');
    expect(() => chooseProvider({ name: 'Stripe', apiRoot: '/api', demo: false, live: {} })).toThrow(PaymentSetupError);
    expect(() => chooseProvider({ name: 'Till', apiRoot: '/api', demo: false, live: STRIPE })).toThrow(PaymentSetupError);
    expect(() => chooseProvider({ name: null, apiRoot: '/api', demo: false, live: STRIPE })).toThrow(PaymentSetupError);
  });
  it('Checkout Session: the deposit in cents, our reference, and an expiry', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const params = stripeSessionParams({
      request: { reference: 'r1', amount: 499.5, currency: 'NZD', description: 'Deposit', successUrl: 's', cancelUrl: 'c', failureUrl: 'f' },
      now,
    });
    expect(params.line_items?.[0].price_data).toMatchObject({ currency: 'nzd', unit_amount: 49950 });
    expect(params.client_reference_id).toBe('r1');
    expect(params.expires_at).toBe(now.getTime() / 1000 + STRIPE_SESSION_MINUTES * 60);
  });
});
