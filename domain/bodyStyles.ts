/**
 * The body styles of SPEC §2 ("/search/{bodyStyle}. Styles: suv, hatchback, ute, coupe, sedan,
 * wagon"): the route slug and the simple_body value it searches, also its display name.
 * One list for the planner's routes, the header's body menu and the home page's links.
 */

/** A body style: its /search/{slug} path segment and its simple_body name. */
export interface BodyStyle {
  slug: string;
  name: string;
}

/** SPEC §2 body styles, in SPEC's order. */
export const BODY_STYLES: readonly BodyStyle[] = [
  { slug: 'suv', name: 'SUV' },
  { slug: 'hatchback', name: 'Hatchback' },
  { slug: 'ute', name: 'Ute' },
  { slug: 'coupe', name: 'Coupe' },
  { slug: 'sedan', name: 'Sedan' },
  { slug: 'wagon', name: 'Wagon' },
];
