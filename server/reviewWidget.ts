/**
 * The local answer of the third-party review widget (SPEC §7 GET /api/reviews/{widget}?orgId=):
 * rating, stars, a review count and the average star rating. Nothing leaves the machine: the
 * answer is the dealer's own review set from site-config.json when the record has one (so the
 * banner agrees with the home page's rating), else derived deterministically from the widget and
 * orgId so previews are stable. An orgId of 'fail' answers 503, so a preview can show the failure
 * path (logged, nothing shown).
 */
import type { FastifyInstance } from 'fastify';
import type { SiteConfigJson } from '../domain/siteConfig.ts';

/** The local rating of a widget and organisation on a site with `reviews` (its record's review set, or null). */
export function widgetRatingFor({ widget, orgId, reviews }: { widget: string; orgId: string; reviews: SiteConfigJson['reviews'] }): {
  rating: number;
  stars: number;
  count: number;
  average_star_rating: string;
} {
  if (reviews) {
    const rating = Number(reviews.average_rating);
    return { rating, stars: Math.round(rating), count: reviews.count, average_star_rating: rating.toFixed(1) };
  }
  let hash = 0x811c9dc5;
  for (const ch of `${widget}|${orgId}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const rating = 4 + (hash % 10) / 10; // 4.0 .. 4.9
  return { rating, stars: Math.round(rating), count: 50 + (hash % 400), average_star_rating: rating.toFixed(1) };
}

/**
 * Fastify plugin: GET /reviews/:widget on the (prefixed) instance, for `site`'s review set, read
 * on each request (`forecourt dev` refreshes the site's settings after each rebuild).
 */
export async function reviewWidgetApi(app: FastifyInstance, { site }: { site: Pick<SiteConfigJson, 'reviews'> }): Promise<void> {
  app.get('/reviews/:widget', async (request, reply) => {
    const { widget } = request.params as { widget: string };
    const orgId = (request.query as { orgId?: string }).orgId;
    if (!orgId || !/^[\w-]{1,64}$/.test(orgId) || !/^[\w-]{1,64}$/.test(widget)) {
      return reply.code(400).send({ error: 'widget and orgId must be 1 to 64 letters, digits, _ or -' });
    }
    if (orgId === 'fail') return reply.code(503).send({ error: 'The review service is unavailable' });
    return reply.header('Cache-Control', 'no-store').send(widgetRatingFor({ widget, orgId, reviews: site.reviews }));
  });
}
