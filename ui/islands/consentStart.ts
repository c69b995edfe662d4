/**
 * The consent banner's behaviour (ui/shell/ConsentPanel.tsx is its markup): on every page of a
 * measured site it sets the Google Consent Mode v2 defaults, reads the stored choice and the
 * Global Privacy Control signal, loads the tag module once anything is granted, shows the panel
 * while no choice is stored and again from the footer's settings link. Plain DOM, no component:
 * it ships in every page's first load, so it stays small. The gtag queue is defined here (the
 * site's CSP runs no inline script), so nothing reaches a third party before a tag is added.
 */
import { consentGrants, consentState, type ConsentChoice, type ConsentMode } from '../../domain/consent.ts';
import type { Measurement } from '../../domain/site.ts';

/** Where the choice is kept (localStorage). */
export const CONSENT_STORAGE_KEY = 'forecourt_consent';

/** The window parts consent uses (tests pass a fake). */
export interface ConsentHost {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  navigator: { globalPrivacyControl?: boolean };
  localStorage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The stored choice, or null (none, unreadable or storage blocked: the banner asks). */
export function readChoice(host: ConsentHost): ConsentChoice | null {
  try {
    const stored = JSON.parse(host.localStorage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<ConsentChoice> | null;
    return typeof stored?.analytics === 'boolean' && typeof stored.ads === 'boolean' ? { analytics: stored.analytics, ads: stored.ads } : null;
  } catch (cause) {
    console.warn(new Error('Consent: no stored choice', { cause }));
    return null;
  }
}

/**
 * Sets the Consent Mode v2 defaults (before any tag exists) and, for a stored choice, the update;
 * returns gtag() and what the shopper's answer grants.
 */
export function applyConsent({ host, mode, choice, first }: { host: ConsentHost; mode: ConsentMode; choice: ConsentChoice | null; first: boolean }) {
  const dataLayer = (host.dataLayer ??= []);
  host.gtag ??= function gtag() {
    // gtag.js reads Arguments objects off the data layer, not arrays: this is its documented queue.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  const gpc = host.navigator.globalPrivacyControl === true;
  if (first) host.gtag('consent', 'default', consentState({ mode, gpc, choice: null }));
  if (choice) host.gtag('consent', 'update', consentState({ mode, gpc, choice }));
  return consentGrants({ mode, gpc, choice });
}

let tagsStarted = false;

/** Loads the tag module once anything is granted; once tags run, every later choice goes to them too. */
function loadTags({ measurement, grants }: { measurement: Measurement; grants: ConsentChoice }): void {
  if (!tagsStarted && !grants.analytics && !grants.ads) return;
  tagsStarted = true;
  import('./measurementTags.ts').then(
    ({ loadAllowedTags }) => loadAllowedTags({ host: globalThis as unknown as Parameters<typeof loadAllowedTags>[0]['host'], measurement, grants }),
    (cause: unknown) => console.error(new Error('Consent: the measurement tags did not load', { cause })),
  );
}

/** Starts consent on the page: `panel` is the banner (hidden until needed). */
export function startConsent({ measurement, mode, panel }: { measurement: Measurement; mode: ConsentMode; panel: HTMLElement }): void {
  const host = globalThis as unknown as ConsentHost & Window;
  const stored = readChoice(host);
  loadTags({ measurement, grants: applyConsent({ host, mode, choice: stored, first: true }) });
  panel.hidden = stored !== null;
  let opener: HTMLElement | null = null;
  const choose = (choice: ConsentChoice) => {
    try {
      host.localStorage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
    } catch (cause) {
      console.warn(new Error('Consent: the choice was not stored', { cause }));
    }
    loadTags({ measurement, grants: applyConsent({ host, mode, choice, first: false }) });
    panel.hidden = true;
    opener?.focus();
  };
  panel.addEventListener('click', (event) => {
    const answer = (event.target as Element).closest('[data-consent]')?.getAttribute('data-consent');
    // Opt-in: refusing refuses everything; opt-out (US): it refuses the sale or sharing, analytics stays.
    if (answer) choose(answer === 'accept' ? { analytics: true, ads: true } : { analytics: mode === 'opt-out', ads: false });
  });
  host.document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLElement>('[data-consent-settings]');
    if (!link) return;
    event.preventDefault();
    opener = link;
    panel.hidden = false;
    panel.focus();
  });
}
