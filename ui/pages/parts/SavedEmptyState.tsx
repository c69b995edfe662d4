/**
 * The server-rendered empty state of compare and favourites (SPEC §2 compare strip: 'No Saved
 * Cars' with a 'Get Started' link to the search path). The saved-cars island replaces it in the
 * browser when the shopper has saved cars.
 */
import type { Site } from '../../../domain/site.ts';
import { safeHref } from '../../../domain/safeUrl.ts';

/** The 'No Saved Cars' block with a 'Get Started' link. */
export function SavedEmptyState({ site, hint }: { site: Site; hint: string }) {
  return (
    <section className="saved-empty" aria-labelledby="saved-empty-heading" data-saved-empty="">
      <h2 id="saved-empty-heading">No Saved Cars</h2>
      <p>{hint}</p>
      <p>
        <a className="btn btn-primary" href={safeHref(site.default_search_path) ?? '/'}>
          Get Started
        </a>
      </p>
    </section>
  );
}
