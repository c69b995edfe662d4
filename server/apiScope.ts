/**
 * What every lead API plugin (leads, reservations) sets up in its scope, once: the JSON body
 * parser (bounded depth, cleaned text), the content-type and Origin checks, and the error
 * handler that turns any failure into a JSON answer (a 5xx only says 'An unexpected error
 * occured' and is logged by ids and codes, see ./errorLog.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { type Answer, HttpError, UNEXPECTED_ERROR } from './answer.ts';
import { logServerError, type ServerErrorReporter } from './errorLog.ts';
import { parseJsonBody } from './requestBody.ts';
import { type BodyKind, checkContentType, checkOrigin } from './requestGuards.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/** Largest JSON body accepted (413 above). */
export const JSON_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which body an API route takes (default JSON), checked before it is read. */
    body?: BodyKind;
    /** false: a demo server adds no Demo badge to this route's page (./demoBadge.ts). */
    demoBadge?: boolean;
  }
}

/** Sets up the scope of an API plugin. */
export function setUpApiScope({
  app,
  site,
  onServerError = logServerError,
}: {
  app: FastifyInstance;
  site: ServedSiteConfig;
  onServerError?: ServerErrorReporter;
}): void {
  // Our parser replaces Fastify's: the same JSON, plus the depth bound and text cleaning.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('onRequest', async (request) => {
    checkOrigin({ request, site });
    checkContentType({ request, body: request.routeOptions.config?.body ?? 'json' });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer({ error, onServerError: (failure) => onServerError(failure, request) });
    return reply.code(answer.status).send(answer.body);
  });
}

/** Maps any error to its answer: the client's fault keeps its message, ours becomes UNEXPECTED_ERROR. */
export function errorAnswer({ error, onServerError }: { error: unknown; onServerError?: (error: unknown) => void }): Answer {
  if (error instanceof HttpError) return error.toAnswer();
  const { statusCode, code } = (error ?? {}) as { statusCode?: number; code?: string };
  if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { error: 'The request is too large' } };
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && statusCode === 400)) {
    return { status: 400, body: { error: 'The request body is not valid JSON' } };
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, body: { error: 'The request body is empty' } };
  if (statusCode === 415 || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { error: 'Unsupported content type: send JSON, or multipart/form-data to /leads/with-files' } };
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) return { status: statusCode, body: { error: (error as Error).message } };
  onServerError?.(error);
  return { status: 500, body: { error: UNEXPECTED_ERROR } };
}
