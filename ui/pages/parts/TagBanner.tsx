/**
 * The tag banner of a car (SPEC §4 car tag banner), decided by domain/carTag.ts. The Toyota
 * certified tag is an image badge in the product; here it is a labelled banner with its own class
 * so the stylesheet can show the badge.
 */
import type { CarFacts } from './carFacts.ts';

/** Renders the banner for a non-null tag. */
export function TagBanner({ tag }: { tag: NonNullable<CarFacts['tag']> }) {
  return <p className={`car-tag car-tag--${tag.kind}`}>{tag.label}</p>;
}
