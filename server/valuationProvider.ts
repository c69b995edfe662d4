/**
 * Valuations from a real provider (record `valuation: instant`). One interface, one
 * implementation: a configurable HTTP service (record `valuation_provider`): our vehicle fields
 * are mapped onto the provider's request names, the credential comes from the operator's
 * environment (the record names only the variable), the request goes through the operator's
 * outbound-address policy (net/outboundFetch.ts) with a timeout, and the offer is read from the
 * answer at a dot path. No answer, a slow one or one without a usable offer gives null: the
 * valuation is then filed for the dealer to price, never invented.
 */
import type { AddressPolicy } from '../net/addressPolicy.ts';
import { outboundFetch } from '../net/outboundFetch.ts';
import type { ValuationProvider as ValuationProviderSettings } from '../schema/resolved.generated.ts';

/** The vehicle fields a valuation request may carry (the shopper's words, as checked by the lead API). */
export type ValuationVehicle = Partial<Record<'rego' | 'regoState' | 'vin' | 'make' | 'model' | 'year' | 'km', string | number>>;

/** Prices a vehicle. */
export interface ValuationProvider {
  /** The offer in whole currency units, or null when the provider gives none. Never throws for a provider failure. */
  offerFor(vehicle: ValuationVehicle): Promise<{ offer_price: number } | { offer_price: null; problem: string }>;
}

/** Thrown at start-up when a provider cannot be set up (serve names the dealer). */
export class ValuationSetupError extends Error {
  override name = 'ValuationSetupError';
}

/** Why `settings` cannot price valuations with `env`, or null when they can. */
export function valuationSetupProblem({ settings, env }: { settings: ValuationProviderSettings | undefined; env: NodeJS.ProcessEnv }): string | null {
  if (!settings) return 'valuation: instant needs valuation_provider in the record';
  if (!env[settings.credential_env]?.trim()) return `valuation: instant needs the provider credential in ${settings.credential_env}`;
  return null;
}

/** The value at dot path `path` of `answer`. */
function valueAt(answer: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), answer);
}

/** The HTTP provider of `settings`, with the credential read from `env`. */
export function createHttpValuationProvider({
  settings,
  env,
  policy,
}: {
  settings: ValuationProviderSettings;
  env: NodeJS.ProcessEnv;
  policy: AddressPolicy;
}): ValuationProvider {
  const problem = valuationSetupProblem({ settings, env });
  if (problem) throw new ValuationSetupError(problem);
  const credential = env[settings.credential_env]!.trim();
  const mapping = settings.request ?? {};
  return {
    async offerFor(vehicle) {
      const body: Record<string, unknown> = {};
      for (const [theirs, ours] of Object.entries(mapping))
        if (vehicle[ours as keyof ValuationVehicle] !== undefined) body[theirs] = vehicle[ours as keyof ValuationVehicle];
      try {
        const response = await outboundFetch(settings.url, {
          policy,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            [settings.credential_header ?? 'Authorization']: `${settings.credential_prefix ?? 'Bearer '}${credential}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeout_ms ?? 8000),
          redirect: 'manual',
        });
        if (!response.ok) return { offer_price: null, problem: `the provider answered ${response.status}` };
        const offer = valueAt(await response.json(), settings.response.offer_price);
        const price = typeof offer === 'string' && offer.trim() !== '' ? Number(offer) : offer;
        if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return { offer_price: null, problem: 'the answer has no offer' };
        return { offer_price: Math.round(price) };
      } catch (error) {
        return { offer_price: null, problem: error instanceof Error ? `${error.name}: ${error.message}` : 'no answer' };
      }
    },
  };
}
