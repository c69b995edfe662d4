/**
 * Fetches one photo a feed names, under the operator's outbound-address policy
 * (net/outboundFetch.ts): a timeout per try, a size limit, retries on network errors and 5xx
 * (never on a refused destination or a 4xx), and a conditional request when the cache holds it.
 */
import { DestinationRefusedError, outboundFetch } from '../../net/outboundFetch.ts';
import type { AddressPolicy } from '../../net/addressPolicy.ts';

/** Bounds of one photo download. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  retries: number;
}

/** 15 s a try, 25 MB (a 4000 px JPEG is 1 to 4 MB), 2 retries. */
export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 25 * 1024 * 1024, retries: 2 };

/** What a fetch gave: the photo, or word that the cached copy is still current (304). */
export type Fetched =
  | { status: 'unchanged'; maxAgeSeconds: number }
  | { status: 'fetched'; bytes: Uint8Array; etag: string | null; lastModified: string | null; maxAgeSeconds: number };

/** max-age of a Cache-Control header (0 when absent or no-cache). */
function maxAgeOf(header: string | null): number {
  if (!header || /no-cache|no-store/i.test(header)) return 0;
  const match = /max-age=(\d+)/i.exec(header);
  return match ? Number(match[1]) : 0;
}

/** A failure worth another try. */
class Retryable extends Error {}

async function fetchOnce({
  url,
  policy,
  limits,
  etag,
  lastModified,
}: {
  url: string;
  policy: AddressPolicy;
  limits: FetchLimits;
  etag?: string | null;
  lastModified?: string | null;
}): Promise<Fetched> {
  const headers: Record<string, string> = { accept: 'image/*' };
  if (etag) headers['if-none-match'] = etag;
  if (lastModified) headers['if-modified-since'] = lastModified;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response;
  try {
    response = await outboundFetch(url, { policy, headers, signal });
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw error;
    throw new Retryable(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const maxAgeSeconds = maxAgeOf(response.headers.get('cache-control'));
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 'unchanged', maxAgeSeconds };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const message = `HTTP ${response.status}`;
    if (response.status >= 500 || response.status === 429) throw new Retryable(message);
    throw new Error(message);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new Error(`larger than ${limits.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) throw new Error(`larger than ${limits.maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('larger than')) throw error;
    throw new Retryable(error instanceof Error ? error.message : String(error), { cause: error });
  }
  return {
    status: 'fetched',
    bytes: Buffer.concat(chunks),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    maxAgeSeconds,
  };
}

/** Fetches `url` with retries (a short pause, doubling); throws what the last try met. */
export async function fetchPhoto(args: {
  url: string;
  policy: AddressPolicy;
  limits?: FetchLimits;
  etag?: string | null;
  lastModified?: string | null;
}): Promise<Fetched> {
  const limits = args.limits ?? DEFAULT_FETCH_LIMITS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce({ ...args, limits });
    } catch (error) {
      if (!(error instanceof Retryable) || attempt >= limits.retries) throw error;
      await new Promise((done) => setTimeout(done, 200 * 2 ** attempt));
    }
  }
}
