import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { reviewWidgetApi, widgetRatingFor } from './reviewWidget.ts';

async function answer({ reviews, url }: { reviews: { count: number; average_rating: string } | null; url: string }) {
  const app = Fastify();
  await app.register(reviewWidgetApi, { prefix: '/api', site: { reviews } });
  try {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  } finally {
    await app.close();
  }
}

describe('the local review widget', () => {
  it("answers with the site's own review set, so the banner agrees with the record", async () => {
    const { status, body } = await answer({ reviews: { count: 272, average_rating: '4.8' }, url: '/api/reviews/w1?orgId=org-1' });
    expect(status).toBe(200);
    expect(body).toEqual({ rating: 4.8, stars: 5, count: 272, average_star_rating: '4.8' });
  });

  it('answers a stable made-up rating from 4.0 to 4.9 for a site without a review set', async () => {
    const { body } = await answer({ reviews: null, url: '/api/reviews/w1?orgId=org-1' });
    expect(body).toEqual(widgetRatingFor({ widget: 'w1', orgId: 'org-1', reviews: null }));
    expect(body.rating).toBeGreaterThanOrEqual(4);
    expect(body.rating).toBeLessThan(5);
  });

  it("refuses a malformed widget or orgId, and answers 503 for the orgId 'fail'", async () => {
    expect((await answer({ reviews: null, url: '/api/reviews/w1' })).status).toBe(400);
    expect((await answer({ reviews: null, url: '/api/reviews/w1?orgId=a%20b' })).status).toBe(400);
    expect((await answer({ reviews: { count: 1, average_rating: '4.0' }, url: '/api/reviews/w1?orgId=fail' })).status).toBe(503);
  });
});
