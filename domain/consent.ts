/**
 * Consent for measurement (GA4, Google Tag Manager, Meta Pixel, call tracking): the Google
 * Consent Mode v2 state of a page from the region's consent mode, the shopper's stored choice and
 * the Global Privacy Control signal (which tags that lets load: domain/measurement.ts). The banner
 * island and its tag loader call these; nothing else decides consent.
 *
 * Rules:
 * - opt-in regions (domain/regionTable.ts consent.mode): everything denied, and no tag loads,
 *   until the shopper accepts;
 * - opt-out regions (US): analytics and advertising granted until the shopper opts out of sale
 *   or sharing ('Do Not Sell or Share My Personal Information');
 * - Global Privacy Control is an opt-out of sale/share everywhere: advertising (ad_storage,
 *   ad_user_data, ad_personalization, the Meta Pixel) stays denied even after 'Accept'; analytics
 *   alone is not a sale or share, so it follows the region's rule and the shopper's choice.
 */
/** How a region asks for consent. */
export type ConsentMode = 'opt-in' | 'opt-out';

/** The shopper's stored answer: analytics and advertising (sale/share) separately. */
export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

/** One Consent Mode v2 signal. */
export type ConsentValue = 'granted' | 'denied';

/** The four Google Consent Mode v2 signals (gtag('consent', 'default' | 'update', state)). */
export interface ConsentState {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

const value = (granted: boolean): ConsentValue => (granted ? 'granted' : 'denied');

/** What the shopper has agreed to: their stored choice, else the region's default; GPC always withholds advertising. */
export function consentGrants({ mode, gpc, choice }: { mode: ConsentMode; gpc: boolean; choice: ConsentChoice | null }): ConsentChoice {
  const base = choice ?? { analytics: mode === 'opt-out', ads: mode === 'opt-out' };
  return { analytics: base.analytics, ads: base.ads && !gpc };
}

/** The Consent Mode v2 state for `consentGrants`' answer (the 'default' call passes choice null). */
export function consentState(args: { mode: ConsentMode; gpc: boolean; choice: ConsentChoice | null }): ConsentState {
  const { analytics, ads } = consentGrants(args);
  return { ad_storage: value(ads), ad_user_data: value(ads), ad_personalization: value(ads), analytics_storage: value(analytics) };
}
