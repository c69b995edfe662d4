/**
 * What the server writes about a failure it answered with 500: which request (method, route
 * pattern, request id) and which error (class, code, where it was thrown), never a message.
 * Database errors carry the statement's parameters and their messages quote values (a lead's
 * name, email, phone or message), so no message or property of an error reaches the log.
 */
import type { FastifyRequest } from 'fastify';

/** How a 5xx is reported: by default one line on stderr. */
export type ServerErrorReporter = (error: unknown, request?: FastifyRequest) => void;

/** The log line of a server error: ids and codes only. */
export function serverErrorLine({ error, request }: { error: unknown; request?: FastifyRequest }): string {
  const where = request ? `${request.method} ${request.routeOptions?.url ?? '(no route)'} (request ${request.id})` : 'a request';
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    parts.push(describe(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return `forecourt serve: ${where} failed: ${parts.join(' <- ')}`;
}

/** The default reporter: {@link serverErrorLine} on stderr. */
export const logServerError: ServerErrorReporter = (error, request) => {
  process.stderr.write(`${serverErrorLine({ error, request })}\n`);
};

function describe(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const codeText = typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code) ? ` code ${code}` : '';
  return `${error.name}${codeText}${frame(error)}`;
}

/** The innermost frame of our own code (file:line), read from the stack's "at" lines only. */
function frame(error: Error): string {
  const lines = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const ours = lines.find((line) => /\/(server|domain|cli)\/[^/]+(\/[^/]+)?\.ts:\d+/.test(line)) ?? lines[0];
  const match = ours?.match(/([A-Za-z0-9_.-]+\.[cm]?[jt]s):(\d+)/);
  return match ? ` at ${match[1]}:${match[2]}` : '';
}
