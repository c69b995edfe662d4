/**
 * Static serving of one generated site (`out/<slug>/`): clean URLs (/cars/x -> cars/x/index.html),
 * the headers of the site's own `_headers` file (long-lived caching for content-hashed /assets/*,
 * no-cache for HTML, Content-Security-Policy and the other security headers), the 301s of its
 * `_redirects` file, text compressed
 * with brotli or gzip, the site's own 404.html with status 404, and no way out of the site directory.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HSTS_HEADER, headersFor, parseHeadersFile, siteHeaderRules, type HeaderRule } from '../domain/httpHeaders.ts';
import { parseRedirectsFile, redirectFor, REDIRECTS_FILE, type RedirectRule } from '../domain/redirects.ts';

/** Content types worth compressing. */
const COMPRESSIBLE = /^(text\/(?!event-stream)[a-z-]+|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)\b/;

/**
 * File system answers that mean "no such file here" for a path a visitor typed: a segment too
 * long for a file name (ENAMETOOLONG), a file where a folder is expected (ENOTDIR), a folder or
 * a link loop. A 404, never a 5xx.
 */
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR', 'ELOOP', 'EINVAL']);

/** Files at the site root that configure the host and are never served. */
const HOST_FILES = new Set(['_headers', REDIRECTS_FILE]);

/**
 * The header rules of a generated site: its `_headers` file, or (for a site generated before the
 * file existed) the rules of a site that allows nothing beyond itself.
 */
async function readHeaderRules(root: string): Promise<HeaderRule[]> {
  try {
    return parseHeadersFile(await readFile(path.join(root, '_headers'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Could not read ${path.join(root, '_headers')}`, { cause: error });
    return siteHeaderRules({ scriptUrls: [], connectUrls: [], frameAncestors: [] });
  }
}

/** Sets the headers `rules` give `rel` (a path relative to the site root); HSTS only over https. */
function applyHeaders({ reply, rules, rel }: { reply: FastifyReply; rules: HeaderRule[]; rel: string }): void {
  for (const [name, value] of Object.entries(headersFor({ rules, urlPath: `/${rel}` }))) {
    if (name === HSTS_HEADER && reply.request.protocol !== 'https') continue;
    reply.header(name, value);
  }
}

/**
 * Maps a URL path to the candidate files it may name, relative to the site root, or null when
 * the path is not acceptable (dot segments, dotfiles, NUL, backslashes, bad escapes).
 */
export function candidateFiles(urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').slice(1);
  const trailingSlash = segments.at(-1) === '';
  if (trailingSlash) segments.pop();
  // Empty segments ("//"), "." / ".." and dotfiles are never part of a generated site.
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  if (segments.length === 1 && HOST_FILES.has(segments[0])) return null;
  const rel = segments.join('/');
  if (rel === '') return ['index.html'];
  if (trailingSlash) return [`${rel}/index.html`];
  return [rel, `${rel}/index.html`, `${rel}.html`];
}

/** The redirects of a generated site: its `_redirects` file, or none when it has no such file. */
async function readRedirects(root: string): Promise<RedirectRule[]> {
  const file = path.join(root, REDIRECTS_FILE);
  try {
    return parseRedirectsFile(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`Could not read ${file}`, { cause: error });
  }
}

/**
 * Registers the static site rooted at `root` on `app` (GET and HEAD of every non-API path).
 * `root` may be a symlink to the live version of the site (renderer/swap.ts): it is followed on
 * every request, so a rebuild swapped in while serving is served at once.
 */
export async function registerStaticSite({ app, root }: { app: FastifyInstance; root: string }): Promise<void> {
  const siteRoot = path.resolve(root);
  try {
    await realpath(siteRoot);
  } catch (error) {
    throw new Error(`The site directory ${root} does not exist`, { cause: error });
  }
  // The rules of the live version, read again when a rebuild swaps another version in.
  const live = { real: '', rules: [] as HeaderRule[], redirects: [] as RedirectRule[] };
  const liveRoot = async (): Promise<string> => {
    const real = await realpath(siteRoot);
    if (real !== live.real) Object.assign(live, { real, rules: await readHeaderRules(real), redirects: await readRedirects(real) });
    return real;
  };
  await liveRoot();
  // Pages, scripts, styles, JSON, XML and SVG shrink several times over; images and fonts are
  // already compressed, and an event stream must reach the browser as it is written.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024, customTypes: COMPRESSIBLE });
  await app.register(fastifyStatic, {
    root: siteRoot,
    serve: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      applyHeaders({ reply, rules: live.rules, rel: path.relative(siteRoot, filePath).split(path.sep).join('/') });
    },
  });

  /** The first candidate that is a regular file inside the live site (symlinks may not escape it). */
  async function resolveFile(urlPath: string): Promise<string | null> {
    const realRoot = await liveRoot();
    for (const candidate of candidateFiles(urlPath) ?? []) {
      const full = path.join(realRoot, candidate);
      try {
        const real = await realpath(full);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
        if ((await stat(real)).isFile()) return `/${path.relative(realRoot, real).split(path.sep).join('/')}`;
      } catch (error) {
        if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) continue;
        throw new Error(`Could not read ${full}`, { cause: error });
      }
    }
    return null;
  }

  async function sendNotFound(reply: FastifyReply): Promise<FastifyReply> {
    reply.code(404);
    if (await resolveFile('/404.html')) return reply.sendFile('/404.html');
    applyHeaders({ reply, rules: live.rules, rel: '404' });
    return reply.type('text/plain; charset=utf-8').send('Not found');
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const urlPath = request.url.split('?')[0];
      await liveRoot();
      // A redirect wins over the refresh page left at the same path for hosts without _redirects.
      const redirect = redirectFor({ rules: live.redirects, urlPath });
      if (redirect) {
        applyHeaders({ reply, rules: live.rules, rel: urlPath.slice(1) });
        return reply.redirect(redirect.to, redirect.status);
      }
      const file = await resolveFile(urlPath);
      return file ? reply.sendFile(file) : sendNotFound(reply);
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return sendNotFound(reply);
    return reply.code(404).send({ error: 'Not found' });
  });
}
