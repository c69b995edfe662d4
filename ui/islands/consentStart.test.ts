import { describe, expect, it } from 'vitest';
import { applyConsent, CONSENT_STORAGE_KEY, readChoice, type ConsentHost } from './consentStart.ts';

function host({ gpc = false, stored = null as string | null } = {}): ConsentHost & { dataLayer: unknown[] } {
  return {
    dataLayer: [],
    navigator: { globalPrivacyControl: gpc },
    localStorage: { getItem: (key) => (key === CONSENT_STORAGE_KEY ? stored : null), setItem: () => {} },
  };
}
const calls = (h: { dataLayer: unknown[] }) => h.dataLayer.map((args) => [...(args as IArguments)]);
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };

describe('applyConsent', () => {
  it('opt-in: the first gtag call is the all-denied default, and nothing is granted', () => {
    const h = host();
    expect(applyConsent({ host: h, mode: 'opt-in', choice: null, first: true })).toEqual({ analytics: false, ads: false });
    expect(calls(h)).toEqual([['consent', 'default', DENIED]]);
  });

  it('a stored acceptance follows the default with an update; GPC keeps advertising denied', () => {
    const h = host({ gpc: true });
    expect(applyConsent({ host: h, mode: 'opt-in', choice: { analytics: true, ads: true }, first: true })).toEqual({ analytics: true, ads: false });
    expect(calls(h)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
    ]);
  });

  it('opt-out (US): granted by default unless GPC', () => {
    expect(applyConsent({ host: host(), mode: 'opt-out', choice: null, first: true })).toEqual({ analytics: true, ads: true });
    expect(applyConsent({ host: host({ gpc: true }), mode: 'opt-out', choice: null, first: true })).toEqual({ analytics: true, ads: false });
  });
});

describe('readChoice', () => {
  it.each([
    ['{"analytics":true,"ads":false}', { analytics: true, ads: false }],
    [null, null],
    ['{"analytics":"yes","ads":false}', null],
    ['not json', null],
  ])('%s -> %j', (stored, choice) => expect(readChoice(host({ stored }))).toEqual(choice));
});
