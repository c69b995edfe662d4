/**
 * Static serving of one generated site (`out/<slug>/`): clean URLs (/cars/x -> cars/x/index.html),
 * long-lived caching for content-hashed /assets/*, no-cache for HTML, the site's own 404.html
 * with status 404, and no way out of the site directory.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Cache-Control for content-hashed files under /assets/. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control for everything else: always revalidate (ETag / Last-Modified). */
export const REVALIDATE_CACHE = 'no-cache';

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
  const rel = segments.join('/');
  if (rel === '') return ['index.html'];
  if (trailingSlash) return [`${rel}/index.html`];
  return [rel, `${rel}/index.html`, `${rel}.html`];
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
  await app.register(fastifyStatic, {
    root: siteRoot,
    serve: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(siteRoot, filePath).split(path.sep).join('/');
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  /** The first candidate that is a regular file inside the live site (symlinks may not escape it). */
  async function resolveFile(urlPath: string): Promise<string | null> {
    const realRoot = await realpath(siteRoot);
    for (const candidate of candidateFiles(urlPath) ?? []) {
      const full = path.join(realRoot, candidate);
      try {
        const real = await realpath(full);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
        if ((await stat(real)).isFile()) return `/${path.relative(realRoot, real).split(path.sep).join('/')}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
        throw new Error(`Could not read ${full}`, { cause: error });
      }
    }
    return null;
  }

  async function sendNotFound(reply: FastifyReply): Promise<FastifyReply> {
    reply.code(404);
    if (await resolveFile('/404.html')) return reply.sendFile('/404.html');
    return reply.type('text/plain; charset=utf-8').header('cache-control', REVALIDATE_CACHE).send('Not found');
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const urlPath = request.url.split('?')[0];
      const file = await resolveFile(urlPath);
      return file ? reply.sendFile(file) : sendNotFound(reply);
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return sendNotFound(reply);
    return reply.code(404).send({ error: 'Not found' });
  });
}
