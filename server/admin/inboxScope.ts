/**
 * What of one website an inbox user sees. A user's `dealers` are slugs: a website's slug gives
 * the whole website's inbox; the slug of one dealership of a group website (its record's
 * `dealerships`) gives that website's inbox narrowed to the records of that dealership (a lead's
 * `dealership_slug`). Slugs, not dealership ids: a stored lead names its dealership by slug.
 */

/** The dealerships of a website a user sees there: null for every one (the whole website). */
export interface InboxScope {
  dealerships: readonly string[] | null;
}

/** The website an inbox serves: its slug and its dealerships. */
export interface ScopedSite {
  slug: string;
  dealerships: readonly { slug: string }[];
}

/** The scope of a user with `dealers` (null: every dealer) on `site`, or null when they see nothing of it. */
export function inboxScope({ dealers, site }: { dealers: readonly string[] | null; site: ScopedSite }): InboxScope | null {
  if (dealers === null || dealers.includes(site.slug)) return { dealerships: null };
  const own = site.dealerships.map((dealership) => dealership.slug).filter((slug) => dealers.includes(slug));
  return own.length ? { dealerships: [...new Set(own)] } : null;
}

/** True when a record of dealership `dealershipSlug` is within `scope`. */
export function scopeHolds({ scope, dealershipSlug }: { scope: InboxScope; dealershipSlug: string | null }): boolean {
  return scope.dealerships === null || (dealershipSlug !== null && scope.dealerships.includes(dealershipSlug));
}
