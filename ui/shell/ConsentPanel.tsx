/**
 * The consent banner's markup (its behaviour: ui/islands/consentStart.ts), in the region's words
 * (domain/regionTable.ts consent). Rendered hidden: the script shows it while no choice is
 * stored. A labelled region, not a modal: the page stays usable behind it.
 */
import type { ConsentWording } from '../../domain/regionTable.ts';
import { PRIVACY_PATH } from '../../domain/routes/paths.ts';
import { CONSENT_PANEL_ID } from '../islands/ConsentBanner.tsx';

/** The panel. */
export function ConsentPanel({ wording }: { wording: ConsentWording }) {
  return (
    <section id={CONSENT_PANEL_ID} className="consent-banner" aria-labelledby="consent-heading" hidden tabIndex={-1}>
      <h2 id="consent-heading" className="consent-banner__heading">
        {wording.heading}
      </h2>
      <p className="consent-banner__text">
        {wording.text} <a href={PRIVACY_PATH}>Privacy Policy</a>
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="btn btn-primary" data-consent="accept">
          {wording.accept_label}
        </button>
        <button type="button" className="btn btn-outline" data-consent="decline">
          {wording.decline_label}
        </button>
      </div>
    </section>
  );
}
