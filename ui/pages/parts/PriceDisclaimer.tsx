/**
 * The price disclaimer (domain/priceQualifier.ts priceDisclaimer): the region's text, then the
 * dealer's own, under prices on car and search pages and in the footer.
 */
import type { Site } from '../../../domain/site.ts';
import { priceDisclaimer } from '../../../domain/priceQualifier.ts';

/** The disclaimer paragraphs of `site`, small print. */
export function PriceDisclaimer({ site, className = '' }: { site: Pick<Site, 'regionSettings' | 'advertising'>; className?: string }) {
  const lines = priceDisclaimer({ advertising: site.regionSettings.advertising, record: site.advertising });
  return (
    <div className={`price-disclaimer ${className}`.trim()} data-price-disclaimer="">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
