/**
 * Handlers of the lead API compute an `Answer` (status + JSON body) instead of writing to the
 * reply, so an answer can be stored for an Idempotency-Key and replayed verbatim.
 */

/**
 * Headers of every JSON answer: the browser must not sniff it into HTML or script, load anything
 * it names, or frame it (an API answer is data, never a page).
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** A JSON answer. */
export interface Answer {
  status: number;
  body: unknown;
}

/** SPEC §8: the text the client shows when the server fails (SPEC's spelling, kept). */
export const UNEXPECTED_ERROR = 'An unexpected error occured';

/** A client error carrying its answer: 400 with per-field messages, 404 unknown dealer ... */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly errors?: Record<string, string>;

  constructor({ status, message, errors, cause }: { status: number; message: string; errors?: Record<string, string>; cause?: unknown }) {
    super(message, { cause });
    this.status = status;
    this.errors = errors;
  }

  /** The JSON body: {error} plus {errors:{field: message}} when fields are named. */
  toAnswer(): Answer {
    return { status: this.status, body: this.errors ? { error: this.message, errors: this.errors } : { error: this.message } };
  }
}

/** 400 naming each bad field. */
export function invalidFields(errors: Record<string, string>): HttpError {
  const names = Object.keys(errors);
  return new HttpError({ status: 400, message: `Please check ${names.length === 1 ? 'this field' : 'these fields'}: ${names.join(', ')}`, errors });
}
