import { describe, expect, it } from 'vitest';
import { consentState, type ConsentMode } from './consent.ts';
import { allowedTags, measurementConfigured, measurementSources } from './measurement.ts';
import { contentSecurityPolicy } from './httpHeaders.ts';
import { REGION_TABLE } from './regionTable.ts';
import type { Measurement } from './site.ts';

const NONE: Measurement = { ga4_measurement_id: null, gtm_container_id: null, meta_pixel_id: null, call_tracking_script_url: null };
const ALL: Measurement = {
  ga4_measurement_id: 'G-ABC1234',
  gtm_container_id: 'GTM-AB12CD',
  meta_pixel_id: '1234567890',
  call_tracking_script_url: 'https://calls.example/track.js',
};
const D = 'denied';
const G = 'granted';

describe('consentState (Google Consent Mode v2)', () => {
  it.each<[ConsentMode, boolean, { analytics: boolean; ads: boolean } | null, [string, string]]>([
    // mode, GPC, stored choice -> [analytics_storage, ad_*]
    ['opt-in', false, null, [D, D]],
    ['opt-in', true, null, [D, D]],
    ['opt-in', false, { analytics: true, ads: true }, [G, G]],
    ['opt-in', true, { analytics: true, ads: true }, [G, D]],
    ['opt-in', false, { analytics: false, ads: false }, [D, D]],
    ['opt-out', false, null, [G, G]],
    ['opt-out', true, null, [G, D]],
    ['opt-out', true, { analytics: true, ads: true }, [G, D]],
    ['opt-out', false, { analytics: true, ads: false }, [G, D]],
  ])('%s, GPC %s, choice %j -> analytics %j', (mode, gpc, choice, [analytics, ads]) => {
    expect(consentState({ mode, gpc, choice })).toEqual({ ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: analytics });
  });

  it('AU and NZ ask before measuring; the US measures until an opt-out', () => {
    expect([REGION_TABLE.AU.consent.mode, REGION_TABLE.NZ.consent.mode, REGION_TABLE.US.consent.mode]).toEqual(['opt-in', 'opt-in', 'opt-out']);
    expect(REGION_TABLE.US.consent.decline_label).toBe('Do Not Sell or Share My Personal Information');
  });
});

describe('allowedTags', () => {
  it('loads nothing before consent, analytics tags with analytics, the Meta Pixel only with advertising', () => {
    expect(allowedTags({ measurement: ALL, grants: { analytics: false, ads: false } })).toEqual([]);
    expect(allowedTags({ measurement: ALL, grants: { analytics: true, ads: false } }).map((t) => t.kind)).toEqual(['gtag', 'gtm', 'call-tracking']);
    expect(allowedTags({ measurement: ALL, grants: { analytics: false, ads: true } }).map((t) => t.kind)).toEqual(['meta-pixel']);
    expect(allowedTags({ measurement: NONE, grants: { analytics: true, ads: true } })).toEqual([]);
  });

  it('builds the Google tag URLs from the ids', () => {
    const [gtag, gtm] = allowedTags({ measurement: ALL, grants: { analytics: true, ads: false } });
    expect(gtag.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC1234');
    expect(gtm.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
  });

  it('measurementConfigured is false only when no tag is set', () => {
    expect(measurementConfigured(NONE)).toBe(false);
    expect(measurementConfigured({ ...NONE, meta_pixel_id: '1234567' })).toBe(true);
  });
});

describe('the CSP of what the record enables', () => {
  const csp = (measurement: Measurement) => {
    const { scriptUrls, connectUrls } = measurementSources({ measurement });
    return contentSecurityPolicy({ scriptUrls, connectUrls: [], collectUrls: connectUrls, frameAncestors: [] });
  };
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('names no analytics host for a dealer with no measurement', () => {
    const policy = csp(NONE);
    expect(policy).not.toMatch(/google|facebook|calls\.example/);
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
  });

  it('GA4 alone: Google tag and collection hosts, no Meta', () => {
    const policy = csp({ ...NONE, ga4_measurement_id: 'G-ABC1234' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://www.googletagmanager.com");
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://*.analytics.google.com https://*.google-analytics.com https://www.googletagmanager.com",
    );
    expect(policy).not.toContain('facebook');
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
  });

  it('Meta alone: its script and endpoint hosts, no Google', () => {
    const policy = csp({ ...NONE, meta_pixel_id: '1234567' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://connect.facebook.net");
    expect(policy).not.toContain('google');
  });

  it('call tracking: the origin of its script URL only', () => {
    const policy = csp({ ...NONE, call_tracking_script_url: 'https://calls.example:8443/a/track.js?x=1' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://calls.example:8443");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://calls.example:8443");
  });

  it('still never allows inline scripts', () => {
    expect(directive(csp(ALL), 'script-src')).not.toContain('unsafe-inline');
  });
});
