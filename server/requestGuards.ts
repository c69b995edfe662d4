/**
 * Checks every state-changing API request passes before its body is read:
 *
 * - its content type is the route's (JSON everywhere, multipart only on the files route, a form
 *   post only on the test payment page): a JSON body sent as text/plain is what lets another
 *   website make a visitor's browser post without a CORS preflight;
 * - its Origin, when the browser sends one, is this site's own or one the record allows
 *   (site-config.json `origins`).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './answer.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/** The body a route takes, set as the route's `config.body`. */
export type BodyKind = 'json' | 'multipart' | 'form';

const MEDIA_TYPES: Record<BodyKind, string> = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Throws 415 when a POST/PUT does not carry the route's content type (400 for multipart without a boundary). */
export function checkContentType({ request, body }: { request: FastifyRequest; body: BodyKind }): void {
  if (!WITH_BODY.has(request.method)) return;
  const header = request.headers['content-type'] ?? '';
  const [type, ...params] = header.split(';').map((part) => part.trim());
  const wanted = MEDIA_TYPES[body];
  if (type.toLowerCase() !== wanted) {
    throw new HttpError({ status: 415, message: `Unsupported content type: this endpoint takes ${wanted}` });
  }
  if (body === 'multipart' && !params.some((param) => /^boundary=.+/i.test(param))) {
    throw new HttpError({ status: 400, message: 'The multipart/form-data content type has no boundary' });
  }
}

/** Origins a request may come from: the one it was sent to, and those of site-config.json. */
export function isAllowedOrigin({ origin, request, site }: { origin: string; request: FastifyRequest; site: ServedSiteConfig }): boolean {
  if (origin === `${request.protocol}://${request.host}`) return true;
  return site.origins.includes(origin);
}

/** Throws 403 when a state-changing request comes from a page of another website. */
export function checkOrigin({ request, site }: { request: FastifyRequest; site: ServedSiteConfig }): void {
  if (!WITH_BODY.has(request.method)) return;
  const origin = request.headers.origin;
  // No Origin: not a browser's cross-site request (browsers send it on every POST/PUT); curl and servers may post.
  if (origin === undefined) return;
  if (!isAllowedOrigin({ origin, request, site })) {
    throw new HttpError({ status: 403, message: 'Requests from other websites are not accepted' });
  }
}
