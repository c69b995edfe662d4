/**
 * Where a feed's bytes come from: a file inside the dealer's folder, or a URL fetched under the
 * operator's outbound-address policy (net/outboundFetch.ts) with the validators of the last
 * import (a 304 is "not modified"), a time limit per attempt, a size limit, and retries with
 * backoff after network errors, timeouts and 5xx answers. Header values come only from
 * FORECOURT_SECRET_* environment variables and appear in no message.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressPolicy } from '../net/addressPolicy.ts';
import type { Response as FetchResponse } from 'undici';
import { DestinationRefusedError, outboundFetch } from '../net/outboundFetch.ts';
import type { Feed } from '../schema/resolved.generated.ts';

/** The prefix every variable a feed's headers name must have (the rule for record-named secrets). */
export const SECRET_ENV_PREFIX = 'FORECOURT_SECRET_';

/** The validators of the last fetch, sent back as If-None-Match / If-Modified-Since. */
export interface FetchValidators {
  etag: string | null;
  last_modified: string | null;
}

/** What reading a feed source gave. */
export type FeedBytes = { status: 'not-modified' } | ({ status: 'body'; bytes: Uint8Array } & FetchValidators);

/** A feed source that could not be read: says what and where, never a header value. */
export class FeedSourceError extends Error {
  override name = 'FeedSourceError';
}

/** The name a report gives the source: the file as written in the record, or the URL without its query. */
export function sourceLabel(source: NonNullable<Feed>['source']): string {
  if (source.file) return source.file;
  const url = new URL(source.url!);
  return `${url.origin}${url.pathname}`;
}

/** The headers of a URL source, each value read from its allowed environment variable. */
function requestHeaders({ headers, env }: { headers: Record<string, string>; env: Record<string, string | undefined> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, variable] of Object.entries(headers)) {
    if (!variable.startsWith(SECRET_ENV_PREFIX))
      throw new FeedSourceError(`feed header ${name} names ${variable}; only ${SECRET_ENV_PREFIX}* variables are read`);
    const value = env[variable];
    if (!value) throw new FeedSourceError(`feed header ${name}: the environment variable ${variable} is not set`);
    out[name] = value;
  }
  return out;
}

/** The body, refused once it passes `maxBytes` (read as it streams, so a huge answer stops early). */
async function boundedBody({ response, maxBytes, label }: { response: FetchResponse; maxBytes: number; label: string }): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedSourceError(`${label} is ${declared} bytes, over feed.source.max_bytes ${maxBytes}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader!.cancel().catch(() => undefined);
      throw new FeedSourceError(`${label} is over feed.source.max_bytes ${maxBytes}`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads a feed source. `dealerDir` is where a file source lives; `previous` are the validators
 * of the last import; `retryDelayMs` is the first backoff (doubled each retry).
 */
export async function readFeedSource({
  source,
  dealerDir,
  policy,
  env,
  previous,
  retryDelayMs = 1000,
}: {
  source: NonNullable<Feed>['source'];
  dealerDir: string;
  policy: AddressPolicy;
  env: Record<string, string | undefined>;
  previous?: FetchValidators | null;
  retryDelayMs?: number;
}): Promise<FeedBytes> {
  const label = sourceLabel(source);
  if (source.file) {
    const file = path.resolve(dealerDir, source.file);
    if (!file.startsWith(path.resolve(dealerDir) + path.sep)) throw new FeedSourceError(`${label} is outside the dealer's folder`);
    try {
      const { size } = await stat(file);
      if (size > source.max_bytes) throw new FeedSourceError(`${label} is ${size} bytes, over feed.source.max_bytes ${source.max_bytes}`);
      return { status: 'body', bytes: await readFile(file), etag: null, last_modified: null };
    } catch (error) {
      if (error instanceof FeedSourceError) throw error;
      throw new FeedSourceError(`cannot read ${label}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const headers = requestHeaders({ headers: source.headers, env });
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.last_modified) headers['if-modified-since'] = previous.last_modified;
  let lastProblem = '';
  for (let attempt = 0; attempt <= source.retries; attempt++) {
    if (attempt > 0) await sleep(retryDelayMs * 2 ** (attempt - 1));
    try {
      const response = await outboundFetch(source.url!, { policy, headers, signal: AbortSignal.timeout(source.timeout_seconds * 1000) });
      if (response.status === 304) return { status: 'not-modified' };
      if (response.status >= 500 || response.status === 429) {
        await response.body?.cancel().catch(() => undefined);
        lastProblem = `answered HTTP ${response.status}`;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new FeedSourceError(`${label} answered HTTP ${response.status}`);
      }
      const bytes = await boundedBody({ response, maxBytes: source.max_bytes, label });
      return { status: 'body', bytes, etag: response.headers.get('etag'), last_modified: response.headers.get('last-modified') };
    } catch (error) {
      if (error instanceof FeedSourceError) throw error;
      const refused = error instanceof DestinationRefusedError ? error : (error as { cause?: unknown }).cause;
      if (refused instanceof DestinationRefusedError) throw new FeedSourceError(`${label} is not fetched: ${refused.message}`);
      const name = (error as Error).name;
      lastProblem =
        name === 'TimeoutError' || name === 'AbortError'
          ? `did not answer within ${source.timeout_seconds} s`
          : `could not be reached (${describeNetworkError(error)})`;
    }
  }
  throw new FeedSourceError(`${label} ${lastProblem} (${source.retries + 1} attempts)`);
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
