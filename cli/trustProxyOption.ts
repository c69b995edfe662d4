/**
 * `serve --trust-proxy <addresses|CIDRs>`: the proxies whose X-Forwarded-For, -Proto and -Host
 * are believed. Only addresses and CIDRs: "true" (trust any peer) would let every client choose
 * its own address and dodge the rate limits, so it is refused like any other typo.
 */
import { InvalidArgumentError } from 'commander';
import ipaddr from 'ipaddr.js';

/** The entries of a comma or space separated list of addresses and CIDRs; throws naming a bad one. */
export function parseTrustProxy(value: string): string[] {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const valid = entry.includes('/') ? isCidr(entry) : isAddress(entry);
    if (!valid) throw new InvalidArgumentError(`"${entry}" is not an IP address or CIDR (such as 127.0.0.1 or 10.0.0.0/8)`);
  }
  return entries;
}

/** A dotted-quad IPv4 or an IPv6 address (not ipaddr's classful forms such as 1.2.3). */
function isAddress(entry: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
}

function isCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** The address of `serve --host`: an IP address (0.0.0.0 or :: for every interface) or localhost. */
export function parseListenHost(value: string): string {
  const host = value.trim();
  if (host === 'localhost' || isAddress(host)) return host;
  throw new InvalidArgumentError('must be an IP address to listen on (127.0.0.1, ::1, 0.0.0.0 for every interface, ::) or localhost');
}
