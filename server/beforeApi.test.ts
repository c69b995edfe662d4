import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { defaultSiteConfig } from './siteConfig.ts';

const unreachable = async (): Promise<never> => {
  throw new Error('no database in this test');
};
const noDb: Database = { kind: 'pglite', query: unreachable, exec: unreachable, transaction: unreachable, close: async () => {} };

describe('settings refreshed before API requests', () => {
  let app: FastifyInstance;
  let refreshes = 0;

  beforeAll(async () => {
    app = await buildApp({
      outDir: path.resolve('fixtures/server/sites'),
      site: defaultSiteConfig({ slug: 'test-motors' }),
      db: noDb,
      uploadDir: path.resolve('fixtures/server/sites/uploads'),
      beforeApi: async () => {
        refreshes += 1;
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['/api/cars/c1/reservation', 1],
    // Percent-encoded prefixes route to the same handler, so they must refresh too.
    ['/%61pi/cars/c1/reservation', 1],
    ['/', 0],
    ['/cars/2019-toyota-corolla', 0],
  ])('GET %s refreshes %i time(s)', async (url, expected) => {
    const before = refreshes;
    await app.inject({ url });
    expect(refreshes - before).toBe(expected);
  });

  it('refreshes before every state-changing request, whatever its path', async () => {
    const before = refreshes;
    await app.inject({ method: 'POST', url: '/anything', payload: {} });
    expect(refreshes - before).toBe(1);
  });
});
