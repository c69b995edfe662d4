/**
 * The consent banner's island: no markup of its own (the panel is ui/shell/ConsentPanel.tsx,
 * static in the shell), it starts ./consentStart.ts once the page hydrates.
 */
import { useEffect } from 'react';
import type { ConsentMode } from '../../domain/consent.ts';
import type { Measurement } from '../../domain/site.ts';
import { startConsent } from './consentStart.ts';

/** Props of {@link ConsentBanner}. */
export interface ConsentBannerProps {
  measurement: Measurement;
  mode: ConsentMode;
}

/** The id of the banner's panel. */
export const CONSENT_PANEL_ID = 'consent-banner';

/** Starts consent; renders nothing. */
export function ConsentBanner({ measurement, mode }: ConsentBannerProps) {
  useEffect(() => {
    const panel = document.getElementById(CONSENT_PANEL_ID);
    if (panel) startConsent({ measurement, mode, panel });
    else console.error(new Error(`Consent: the page has no #${CONSENT_PANEL_ID}`));
  }, [measurement, mode]);
  return null;
}
