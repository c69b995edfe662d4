/**
 * Where the money flows' API calls go: the dealer record's forms.api_base and mock mode
 * (SPEC §7: in mock mode the /api prefix becomes /mock). Tiny, so first-load islands can use it.
 */
import type { LeadApiConfig } from '../islandServices.ts';

/** '{api_base}/api' or, in mock mode, '{api_base}/mock' (SPEC §7), without a trailing slash. */
export function moneyApiRoot(api: LeadApiConfig): string {
  return `${(api.api_base ?? '').replace(/\/+$/, '')}${api.mock_mode ? '/mock' : '/api'}`;
}

/** GET URL of a car's reservation state, for the car page's island. */
export function reservationUrl({ api, carId }: { api: LeadApiConfig; carId: number }): string {
  return `${moneyApiRoot(api)}/cars/${encodeURIComponent(String(carId))}/reservation`;
}
