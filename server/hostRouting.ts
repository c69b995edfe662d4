/**
 * One port for many dealers: a plain HTTP request handler that hands each request to the served
 * site whose host names (site-config.json `hosts`: the record's url host and host_aliases) match
 * the request's Host. Behind a trusted proxy (serve --trust-proxy) a forwarded host
 * (X-Forwarded-Host) wins, as it does for the sites' own `request.host`; from any other peer it
 * is ignored. The operations routes (/healthz, /readyz, /metrics) answer whatever the host.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from 'proxy-addr';
import { normalizeHost } from '../domain/siteHosts.ts';

/** A served site as the router sees it: its host names and the app that answers it. */
export interface RoutedSite {
  slug: string;
  /** Normalized host names (domain/siteHosts.ts); read on every request, so a reloaded site config takes effect at once. */
  hosts: () => readonly string[];
  app: FastifyInstance;
}

/** The answer to a host no served site claims (RFC 9110 section 15.5.20, Misdirected Request: this server does not answer for it). */
export const MISDIRECTED_STATUS = 421;

/** The addresses and CIDRs of serve --trust-proxy as proxy-addr's test (nothing trusted when empty). */
export function proxyTrust(trustProxy: readonly string[]): (address: string, hop: number) => boolean {
  if (trustProxy.length === 0) return () => false;
  return proxyAddr.compile([...trustProxy]);
}

/** The host a request was sent to: X-Forwarded-Host from a trusted proxy (its last value), else Host. */
export function requestHost({ request, trusted }: { request: IncomingMessage; trusted: (address: string, hop: number) => boolean }): string | null {
  const forwarded = request.headers['x-forwarded-host'];
  const peer = request.socket.remoteAddress;
  if (forwarded && peer && trusted(peer, 0)) {
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',').at(-1);
    const host = normalizeHost(last);
    if (host) return host;
  }
  return normalizeHost(request.headers.host);
}

/**
 * The request handler of the shared port. `ops` (health and metrics) answers its own paths for
 * any host; every other request goes to the site claiming its host, or gets 421.
 */
export function hostRouter({
  sites,
  trustProxy,
  ops,
}: {
  sites: readonly RoutedSite[];
  trustProxy: readonly string[];
  ops?: { paths: readonly string[]; app: FastifyInstance } | null;
}): RequestListener {
  const trusted = proxyTrust(trustProxy);
  return (request: IncomingMessage, response: ServerResponse) => {
    const urlPath = (request.url ?? '/').split('?')[0];
    if (ops && ops.paths.includes(urlPath)) return ops.app.routing(request, response);
    const host = requestHost({ request, trusted });
    const site = host ? sites.find((candidate) => candidate.hosts().includes(host)) : undefined;
    if (site) return site.app.routing(request, response);
    response.writeHead(MISDIRECTED_STATUS, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('No site of this server answers on this host name\n');
  };
}
