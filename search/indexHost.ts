/**
 * Where `forecourt index` may send the Meilisearch admin key. The record's search_host is written
 * by dealer staff and agencies, so it alone never decides: the key goes to the host the operator
 * gave (--host or FORECOURT_SEARCH_HOST), or to the record's host only when the operator listed it
 * in FORECOURT_SEARCH_HOSTS. Anything else is refused before a request is made.
 */

/** The variable the operator gives the index host in (bound to --host). */
export const SEARCH_HOST_ENV = 'FORECOURT_SEARCH_HOST';
/** The variable listing the record search_host values `index` may send the admin key to. */
export const SEARCH_HOSTS_ENV = 'FORECOURT_SEARCH_HOSTS';

/** A host URL compared by scheme, host, port and path, without a trailing slash. */
function normalHost(host: string): string {
  try {
    return new URL(host).href.replace(/\/+$/, '');
  } catch {
    return host.trim().replace(/\/+$/, '');
  }
}

/** The host to index into, or why the record's host is refused (undefined host: none given anywhere). */
export function indexHost({
  operatorHost,
  recordHost,
  env,
}: {
  /** --host, or FORECOURT_SEARCH_HOST. */
  operatorHost: string | undefined;
  recordHost: string | null | undefined;
  env: Readonly<Record<string, string | undefined>>;
}): { host: string | undefined; refusal?: undefined } | { host?: undefined; refusal: string } {
  if (operatorHost) return { host: operatorHost };
  if (!recordHost) return { host: undefined };
  const allowed = (env[SEARCH_HOSTS_ENV] ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(normalHost);
  if (allowed.includes(normalHost(recordHost))) return { host: recordHost };
  return {
    refusal: `the record's search_host ${recordHost} is not a host the operator allowed, so the admin key is not sent there (nothing was sent); pass --host, set ${SEARCH_HOST_ENV}, or list the host in ${SEARCH_HOSTS_ENV}`,
  };
}
