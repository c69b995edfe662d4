import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { defaultSiteConfig } from './siteConfig.ts';
import { formatHeadersFile, IMMUTABLE_CACHE, REVALIDATE_CACHE, siteHeaderRules } from '../domain/httpHeaders.ts';
import { candidateFiles } from './staticSite.ts';
import { formatRedirectsFile } from '../domain/redirects.ts';

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
    await writeFile(path.join(tempOut, 'test-motors', 'big.html'), `<!doctype html><title>Big</title>${'<p>All our cars are serviced.</p>'.repeat(200)}`);
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
    const js = await app.inject({ url: '/assets/runtime-3F9A1C2B.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(js.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const css = await app.inject({ url: '/assets/site-8d7e6f5a.css' });
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

  it('sends the security headers of a site with no _headers file: scripts from itself only, no framing, no HSTS over http', async () => {
    for (const url of ['/', '/assets/runtime-3F9A1C2B.js', '/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('compresses text with brotli or gzip, as the browser asks, and leaves small files alone', async () => {
    const br = await app.inject({ url: '/big.html', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Big</title>');
    const gzip = await app.inject({ url: '/big.html', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Big</title>');
    expect(gzip.rawPayload.length).toBeLessThan(2000);
    const plain = await app.inject({ url: '/big.html', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gif = await app.inject({ url: '/images/logo.gif', headers: { 'accept-encoding': 'br, gzip' } });
    expect(gif.headers['content-encoding']).toBeUndefined();
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

describe("a site's _headers file", () => {
  let app: FastifyInstance;
  let tempOut: string;
  const rules = siteHeaderRules({
    scriptUrls: ['https://chat.example/w.js'],
    connectUrls: ['https://leads.example/api'],
    frameAncestors: ['https://group.example'],
  });

  beforeAll(async () => {
    tempOut = await mkdtemp(path.join(tmpdir(), 'forecourt-headers-'));
    await cp(FIXTURE_OUT, tempOut, { recursive: true });
    await writeFile(path.join(tempOut, 'test-motors', '_headers'), formatHeadersFile(rules));
    app = await buildApp({ outDir: tempOut, site: defaultSiteConfig({ slug: 'test-motors' }), db: noDb, uploadDir: path.join(tempOut, 'uploads') });
  });
  afterAll(async () => {
    await app.close();
    await rm(tempOut, { recursive: true, force: true });
  });

  it('is what serve sends, as a static host would', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toBe(rules[0].headers['Content-Security-Policy']);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://group.example');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const asset = await app.inject({ url: '/assets/site-8d7e6f5a.css' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('is never served itself', async () => {
    for (const url of ['/_headers', '/_redirects', '/_headers/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Content-Security-Policy');
    }
  });
});

describe("a site's _redirects file", () => {
  let app: FastifyInstance;
  let tempOut: string;

  beforeAll(async () => {
    tempOut = await mkdtemp(path.join(tmpdir(), 'forecourt-redirects-'));
    await cp(FIXTURE_OUT, tempOut, { recursive: true });
    const site = path.join(tempOut, 'test-motors');
    await writeFile(path.join(site, '_redirects'), formatRedirectsFile([{ from: '/cars/2015-mazda-cx-5-sold', to: '/search/mazda/cx-5', status: 301 }]));
    // The refresh page left for plain hosts: serve answers the path with the 301 instead.
    await mkdir(path.join(site, 'cars/2015-mazda-cx-5-sold'), { recursive: true });
    await writeFile(path.join(site, 'cars/2015-mazda-cx-5-sold/index.html'), '<!doctype html><title>Sold</title>');
    app = await buildApp({ outDir: tempOut, site: defaultSiteConfig({ slug: 'test-motors' }), db: noDb, uploadDir: path.join(tempOut, 'uploads') });
  });
  afterAll(async () => {
    await app.close();
    await rm(tempOut, { recursive: true, force: true });
  });

  it('answers a redirected path with a 301 to its target, with or without a trailing slash or query', async () => {
    for (const url of ['/cars/2015-mazda-cx-5-sold', '/cars/2015-mazda-cx-5-sold/', '/cars/2015-mazda-cx-5-sold?utm_source=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/search/mazda/cx-5');
    }
    expect((await app.inject({ method: 'HEAD', url: '/cars/2015-mazda-cx-5-sold' })).statusCode).toBe(301);
  });

  it('leaves every other path as it was', async () => {
    expect((await app.inject({ url: '/cars/2019-toyota-corolla' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/cars/2015-mazda-cx-5' })).statusCode).toBe(404);
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
    const { emitSite } = await import('../fixtures/build/swapTestSite.ts');
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
    // An unhashed asset is revalidated (a rebuild may change it under the same name).
    const css = await app.inject({ url: '/assets/site.css' });
    expect([css.body, css.headers['cache-control']]).toEqual(['new', REVALIDATE_CACHE]);
    expect((await app.inject({ url: '/index.html' })).headers['cache-control']).toBe(REVALIDATE_CACHE);
  });
});

describe('static paths the file system cannot name, and server errors', () => {
  let app: FastifyInstance;
  const errors: unknown[] = [];
  beforeAll(async () => {
    app = await buildApp({
      outDir: FIXTURE_OUT,
      site: defaultSiteConfig({ slug: 'test-motors' }),
      db: noDb,
      uploadDir: path.join(tmpdir(), 'forecourt-static-uploads'),
      onServerError: (error) => errors.push(error),
    });
    // A page route that fails with a message holding an absolute path, as an fs error would.
    app.get('/__fails', async () => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${FIXTURE_OUT}/test-motors/index.html'`), { code: 'EACCES' });
    });
  });
  afterAll(async () => app?.close());

  it.each(
    [`/${'a'.repeat(251)}`, `/${'a'.repeat(300)}`, `/cars/${'b'.repeat(255)}/`, `/cars/${'c'.repeat(4000)}`, '/index.html/x', `/${'%C3%A9'.repeat(130)}`].map(
      (url) => [url.length > 40 ? `${url.slice(0, 12)}... (${url.length} characters)` : url, url],
    ),
  )('GET %s is the site 404 page', async (_label, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain(FIXTURE_OUT);
  });

  it('a 5xx says only "An unexpected error occured": no path, no stack; the error goes to the reporter', async () => {
    const response = await app.inject({ url: '/__fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'An unexpected error occured' });
    expect(response.body).not.toContain(FIXTURE_OUT);
    expect(errors).toHaveLength(1);
  });
});
