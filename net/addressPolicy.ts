/**
 * The operator's outbound-address policy: which network addresses Forecourt may connect to when a
 * record or feed names the destination (lead webhooks, ADF over HTTP, SMTP hosts, feed and photo
 * URLs, valuation providers). Records are written by dealer staff and agencies, so a record must
 * never be able to aim the server at its own machine, the private network or a cloud metadata
 * service. Only public unicast addresses are allowed, unless the operator allows more with
 * `FORECOURT_ALLOW_DESTINATIONS` (addresses or CIDRs, comma or space separated), which is how the
 * tests reach their receivers on 127.0.0.1.
 */
import ipaddr from 'ipaddr.js';

/** The environment variable the operator lists extra allowed addresses and CIDRs in. */
export const ALLOW_DESTINATIONS_ENV = 'FORECOURT_ALLOW_DESTINATIONS';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Which addresses outbound requests may reach. */
export interface AddressPolicy {
  /** CIDRs the operator allowed on top of the public internet. */
  readonly allow: readonly Range[];
}

/** Host names that always mean this machine or a metadata service, whatever DNS says. */
const LOCAL_NAMES = [/^localhost$/i, /\.localhost$/i, /^metadata(\.google\.internal)?$/i, /\.internal$/i, /\.local$/i];

/**
 * The policy from the operator's environment. A malformed entry throws (naming it): a typo in an
 * allowance must not silently allow nothing, nor everything.
 */
export function policyFromEnv(env: Record<string, string | undefined> = process.env): AddressPolicy {
  return addressPolicy({ allow: env[ALLOW_DESTINATIONS_ENV] ?? '' });
}

/** A policy allowing the public internet plus `allow` (addresses or CIDRs, comma or space separated). */
export function addressPolicy({ allow }: { allow: string | readonly string[] }): AddressPolicy {
  const entries = (typeof allow === 'string' ? allow.split(/[\s,]+/) : allow).map((entry) => entry.trim()).filter(Boolean);
  return {
    allow: entries.map((entry) => {
      try {
        if (entry.includes('/')) return ipaddr.parseCIDR(entry);
        const address = ipaddr.parse(entry);
        return [address, address.kind() === 'ipv4' ? 32 : 128] as Range;
      } catch {
        throw new Error(`${ALLOW_DESTINATIONS_ENV}: '${entry}' is not an IP address or CIDR (e.g. 127.0.0.1/32, 10.0.0.0/8, ::1/128)`);
      }
    }),
  };
}

/** Why `address` (an IP literal) may not be reached, or undefined when it may. */
export function addressRefusal({ address, policy }: { address: string; policy: AddressPolicy }): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return `${address} is not an IP address`;
  }
  for (const [range, bits] of policy.allow) {
    if (range.kind() === parsed.kind() && parsed.match(range, bits)) return undefined;
  }
  const kind = parsed.range();
  if (kind === 'unicast') return undefined;
  return `${address} is ${describeRange(kind)}; outbound requests go only to public addresses (the operator can allow it with ${ALLOW_DESTINATIONS_ENV})`;
}

/**
 * Why `host` (a URL's host name or an IP literal) may not be reached, decided without DNS: an IP
 * literal by its range, a name that always means this machine or a metadata service by its name.
 * Any other name is decided again after it resolves ({@link addressRefusal} on every address).
 */
export function hostRefusal({ host, policy }: { host: string; policy: AddressPolicy }): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return addressRefusal({ address: bare, policy });
  const name = bare.replace(/\.$/, '');
  if (LOCAL_NAMES.some((pattern) => pattern.test(name))) {
    // An operator who allowed loopback (tests, a local relay) may also use the name 'localhost'.
    if (/localhost$/i.test(name) && addressRefusal({ address: '127.0.0.1', policy }) === undefined) return undefined;
    return `${host} names this machine or a metadata service; outbound requests go only to public addresses (the operator can allow an address with ${ALLOW_DESTINATIONS_ENV})`;
  }
  return undefined;
}

function describeRange(kind: string): string {
  switch (kind) {
    case 'loopback':
      return 'a loopback address';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'a private-network address';
    case 'linkLocal':
      return 'a link-local address (cloud metadata services live there)';
    case 'multicast':
    case 'broadcast':
      return 'a multicast or broadcast address';
    case 'unspecified':
      return 'the unspecified address';
    default:
      return `a reserved address (${kind})`;
  }
}
