import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { DEMO_BADGE, withDemoBadge } from './demoBadge.ts';
import { defaultSiteConfig } from './siteConfig.ts';

const site = defaultSiteConfig({ slug: 'test-motors' });
const badges = (html: string) => html.split('data-forecourt-demo').length - 1;

describe('the Demo badge is added at serve time, in demo mode only', () => {
  let db: Database;
  let demo: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    const common = { outDir: path.resolve('fixtures/server/sites'), site, db, uploadDir: path.resolve('.tmp/uploads-badge') };
    demo = await buildApp({ ...common, mode: { demo: true, live: {} } });
    production = await buildApp({ ...common, mode: { demo: false, live: {} } });
  }, 60_000);
  afterAll(async () => {
    await demo?.close();
    await production?.close();
    await db?.close();
  });

  it('right after <body>, once', () => {
    expect(withDemoBadge('<html><body class="x"><main>Hi</main></body></html>')).toBe(`<html><body class="x">${DEMO_BADGE}<main>Hi</main></body></html>`);
    expect(withDemoBadge('no body')).toBe('no body');
  });

  it('every HTML answer of a demo server carries it (pages, the 404 page, compressed answers); assets do not', async () => {
    for (const url of ['/', '/cars/', '/no-such-page']) {
      const res = await demo.inject({ url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(badges(res.body), url).toBe(1);
    }
    // A browser asking for gzip gets the badge too (compressed or not: the page may be under the threshold).
    const gzipped = await demo.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const body = gzipped.headers['content-encoding'] === 'gzip' ? gunzipSync(gzipped.rawPayload).toString('utf8') : gzipped.body;
    expect(badges(body)).toBe(1);
    const css = await demo.inject({ url: '/assets/site-8d7e6f5a.css' });
    expect(css.body).not.toContain('data-forecourt-demo');
    // The page's CSP is untouched: the badge needs no script.
    expect((await demo.inject({ url: '/' })).headers['content-security-policy']).toBe(
      (await production.inject({ url: '/' })).headers['content-security-policy'],
    );
  });

  it('production pages never carry it', async () => {
    for (const url of ['/', '/no-such-page']) expect(badges((await production.inject({ url })).body)).toBe(0);
  });
});
