/**
 * The JSON log of `forecourt serve` (pino, fastify's own logger): one line per request answered
 * (request id, method, route path, status, time taken) and the warnings of lead delivery. No
 * line may carry personal data: request bodies are never logged, query strings are cut from
 * URLs (a search or a prefilled form may carry a name or a phone), client addresses are left
 * out, known personal fields are censored wherever they appear, and free text (an SMTP server's
 * error names the recipient) passes through `redactText`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Fields that name or reach a person, censored at any depth of a logged object. */
const PERSONAL_FIELDS = ['name', 'first_name', 'last_name', 'email', 'phone', 'mobile', 'postcode', 'address', 'message', 'comments', 'rego'];

const CENSORED = '[redacted]';

/** A request id unique across every app of the process (fastify's own count restarts per app). */
export const newRequestId = (): string => randomUUID();

/** Email addresses and phone-like runs of digits in free text, replaced. */
export function redactText(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[a-z]{2,}/gi, '[email]').replace(/\+?\d[\d ()-]{6,}\d/g, '[number]');
}

/** The logger of a serve process, writing JSON lines to `destination` (default stderr: stdout carries serve's URL lines, which scripts read). */
export function createServeLogger({ destination, level = 'info' }: { destination?: DestinationStream; level?: string } = {}): Logger {
  const options = {
    level,
    base: { service: 'forecourt-serve' },
    redact: { paths: PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]), censor: CENSORED },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: request.url.split('?')[0], host: request.host }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: Error) => ({ type: error.name, code: (error as { code?: unknown }).code, message: redactText(error.message) }),
    },
  };
  return pino(options, destination ?? pino.destination(2));
}
