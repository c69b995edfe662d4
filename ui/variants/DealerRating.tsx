/**
 * The dealer-rating banner (SPEC §7 "an external dealer-rating banner script for some dealers,
 * taking the dealer id"): a slot the script fills, and the script itself, loaded async from the
 * record's dealer_rating_script_url with the dealer id. Nothing renders without the setting.
 */
import type { Site } from '../../domain/site.ts';
import { safeHref } from '../../domain/safeUrl.ts';

/** The slot and script, or nothing. */
export function DealerRating({ site }: { site: Pick<Site, 'dealer_rating_script_url' | 'dealer_id'> }) {
  const src = site.dealer_rating_script_url ? safeHref(site.dealer_rating_script_url) : undefined;
  if (!src) return null;
  return (
    <>
      <div className="dealer-rating-banner" data-dealer-rating="" data-dealer-id={site.dealer_id} />
      <script src={src} async data-dealer-id={site.dealer_id} />
    </>
  );
}
