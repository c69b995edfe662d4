/**
 * Compare (SPEC §2 /compare): server-rendered empty state; the compare island of a later issue
 * fills it from the shopper's saved cars.
 */
import type { PageProps } from '../pageProps.ts';
import { SavedEmptyState } from './parts/SavedEmptyState.tsx';

/** The compare page. */
export function ComparePage({ site }: PageProps) {
  return (
    <>
      <h1>Compare Cars</h1>
      <div data-compare-root="">
        <SavedEmptyState site={site} hint="Save up to 3 cars from the search results to compare them side by side." />
      </div>
    </>
  );
}
