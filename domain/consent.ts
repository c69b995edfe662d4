/**
 * Consent for measurement (GA4, Google Tag Manager, Meta Pixel, call tracking): the Google
 * Consent Mode v2 state of a page from the region's consent mode, the shopper's stored choice and
 * the Global Privacy Control signal, and which tags that state lets load. The banner island and
 * its tag loader call these; nothing else decides consent.
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
import type { Measurement } from './site.ts';

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

/** A tag a page may load, and the script it loads. */
export interface MeasurementTag {
  kind: 'gtag' | 'gtm' | 'meta-pixel' | 'call-tracking';
  src: string;
}

/** Whether the record configures any measurement (no banner, no tag and no CSP source otherwise). */
export function measurementConfigured(measurement: Measurement): boolean {
  return Boolean(measurement.ga4_measurement_id || measurement.gtm_container_id || measurement.meta_pixel_id || measurement.call_tracking_script_url);
}

/**
 * The tags `grants` lets load: gtag.js, the GTM container and the call-tracking script with
 * analytics; the Meta Pixel with advertising. None when nothing is granted, so an opt-in page
 * makes no third-party request before the choice.
 */
export function allowedTags({ measurement, grants }: { measurement: Measurement; grants: ConsentChoice }): MeasurementTag[] {
  const tags: MeasurementTag[] = [];
  if (grants.analytics) {
    if (measurement.ga4_measurement_id)
      tags.push({ kind: 'gtag', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurement.ga4_measurement_id)}` });
    if (measurement.gtm_container_id)
      tags.push({ kind: 'gtm', src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(measurement.gtm_container_id)}` });
    if (measurement.call_tracking_script_url) tags.push({ kind: 'call-tracking', src: measurement.call_tracking_script_url });
  }
  if (grants.ads && measurement.meta_pixel_id) tags.push({ kind: 'meta-pixel', src: 'https://connect.facebook.net/en_US/fbevents.js' });
  return tags;
}

/** Content-Security-Policy sources the configured tags need: where they load from and where they send. */
export interface MeasurementSources {
  scriptUrls: string[];
  connectUrls: string[];
}

const GOOGLE_TAG = 'https://www.googletagmanager.com';
// GA4 collects to region1.google-analytics.com and friends; wildcards cover the regional hosts.
const GOOGLE_COLLECT = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** The sources of what the record enables, nothing more: [] for a dealer with no measurement. */
export function measurementSources({ measurement }: { measurement: Measurement }): MeasurementSources {
  const scriptUrls: string[] = [];
  const connectUrls: string[] = [];
  if (measurement.ga4_measurement_id || measurement.gtm_container_id) {
    scriptUrls.push(GOOGLE_TAG);
    connectUrls.push(...GOOGLE_COLLECT);
  }
  if (measurement.meta_pixel_id) {
    scriptUrls.push('https://connect.facebook.net');
    connectUrls.push('https://www.facebook.com', 'https://connect.facebook.net');
  }
  if (measurement.call_tracking_script_url) {
    const origin = new URL(measurement.call_tracking_script_url).origin;
    scriptUrls.push(origin);
    connectUrls.push(origin);
  }
  return { scriptUrls, connectUrls };
}
