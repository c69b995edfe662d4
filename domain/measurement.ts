/**
 * The measurement tags a record configures (GA4, GTM, Meta Pixel, call tracking): which of them a
 * consent answer (domain/consent.ts) lets load, and the Content-Security-Policy sources they need.
 * Kept apart from the consent rules so the banner, on every page of a measured site, ships none of it.
 */
import type { ConsentChoice } from './consent.ts';
import type { Measurement } from './site.ts';

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
