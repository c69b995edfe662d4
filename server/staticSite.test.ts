import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { defaultSiteConfig } from './siteConfig.ts';
import { candidateFiles, IMMUTABLE_CACHE, REVALIDATE_CACHE } from './staticSite.ts';

const FIXTURE_OUT = path.resolve('fixtures/server/sites');

/** Static routes never touch the database; any query is a bug. */
const noDb: Database = {
  kind: 'pglite',
  query: async () => {
    throw new Error('static serving must not query the database');
  },
  exec: async () => {
    throw new Error('static serving must not query the database');
  },
  transaction: async () => {
    throw new Error('static serving must not query the database');
  },
  close: async () => {},
};

describe('candidateFiles', () => {
  it.each([
    ['/', ['index.html']],
    ['/cars/x', ['cars/x', 'cars/x/index.html', 'cars/x.html']],
    ['/cars/x/', ['cars/x/index.html']],
    ['/assets/app.js', ['assets/app.js', 'assets/app.js/index.html', 'assets/app.js.html']],
    ['/search/new%20cars', ['search/new cars', 'search/new cars/index.html', 'search/new cars.html']],
  ])('%s -> %j', (url, expected) => {
    expect(candidateFiles(url)).toEqual(expected);
  });

  it.each(['/../secret.txt', '/cars/../../x', '/%2e%2e/secret.txt', '/a//b', '/.env', '/cars/.git/config', '/a%00b', '/a%5c..%5cb', '/%E0%A4%A'])(
    'refuses %s',
    (url) => {
      expect(candidateFiles(url)).toBeNull();
    },
  );
});

describe('static site serving', () => {
  let app: FastifyInstance;
  let tempOut: string;

  beforeAll(async () => {
    // A copy of the fixture with a symlink pointing out of the site, to prove it is not followed.
    tempOut = await mkdtemp(path.join(tmpdir(), 'forecourt-static-'));
    await cp(FIXTURE_OUT, tempOut, { recursive: true });
    await symlink(path.join(tempOut, 'secret.txt'), path.join(tempOut, 'test-motors', 'leak.txt'));
    app = await buildApp({ outDir: tempOut, site: defaultSiteConfig({ slug: 'test-motors' }), db: noDb, uploadDir: path.join(tempOut, 'uploads') });
  });
  afterAll(async () => {
    await app.close();
    await rm(tempOut, { recursive: true, force: true });
  });

  it('serves the home page as HTML with no-cache', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(res.body).toContain('Home of Test Motors');
  });

  it('serves clean URLs from <path>/index.html, with or without a trailing slash', async () => {
    for (const url of ['/cars/2019-toyota-corolla', '/cars/2019-toyota-corolla/', '/cars/2019-toyota-corolla?ref=home']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<h1>2019 Toyota Corolla</h1>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('caches content-hashed assets for a year, immutable, with the right types', async () => {
    const js = await app.inject({ url: '/assets/app.3f9a1c2b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(js.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const css = await app.inject({ url: '/assets/site.8d7e6f5a.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('serves other files with their types and revalidation', async () => {
    const json = await app.inject({ url: '/search/index.json' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const gif = await app.inject({ url: '/images/logo.gif' });
    expect(gif.headers['content-type']).toBe('image/gif');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/cars/2019-toyota-corolla' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it("answers unknown paths with the site's 404.html and status 404", async () => {
    for (const url of ['/no/such/page', '/cars/unknown-car', '/api/not-a-route-get']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Page not found at Test Motors');
    }
  });

  it('never serves files outside the site directory', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/cars/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/leak.txt',
      '/.%2e/.%2e/secret.txt',
      '//etc/passwd',
      '/site-config.json/../../secret.txt',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('refuses dotfiles', async () => {
    const res = await app.inject({ url: '/.forecourt/db' });
    expect(res.statusCode).toBe(404);
  });

  it('answers JSON 404 for non-GET requests outside the API', async () => {
    const res = await app.inject({ method: 'POST', url: '/cars/2019-toyota-corolla', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('a site without 404.html', () => {
  it('still answers 404, as text', async () => {
    const app = await buildApp({ outDir: FIXTURE_OUT, site: defaultSiteConfig({ slug: 'not-built-config' }), db: noDb });
    const res = await app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
    await app.close();
  });
});

describe('a site swapped in while serving (out/<slug> is a link to its live version)', () => {
  let out: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'forecourt-swap-serve-'));
  });
  afterAll(async () => {
    await app?.close();
    await rm(out, { recursive: true, force: true });
  });

  it('serves each new build at once and never a removed version', async () => {
    const { emitSite } = await import('../renderer/emit.ts');
    const build = (marker: string) =>
      emitSite({
        outDir: out,
        slug: 'demo',
        files: [
          { path: 'index.html', contents: `<h1>${marker}</h1>` },
          { path: `cars/${marker}/index.html`, contents: marker },
          { path: 'assets/site.css', contents: marker },
        ],
      });
    await build('old');
    app = await buildApp({ outDir: out, site: defaultSiteConfig({ slug: 'demo' }), db: noDb, uploadDir: path.join(out, 'uploads') });
    expect((await app.inject({ url: '/' })).body).toBe('<h1>old</h1>');
    await build('new');
    expect((await app.inject({ url: '/' })).body).toBe('<h1>new</h1>');
    expect((await app.inject({ url: '/cars/new' })).body).toBe('new');
    expect((await app.inject({ url: '/cars/old' })).statusCode).toBe(404);
    const css = await app.inject({ url: '/assets/site.css' });
    expect([css.body, css.headers['cache-control']]).toEqual(['new', IMMUTABLE_CACHE]);
    expect((await app.inject({ url: '/index.html' })).headers['cache-control']).toBe(REVALIDATE_CACHE);
  });
});
