/**
 * The host names a dealer's site answers on when `forecourt serve` answers many dealers on one
 * port by the Host header: the host of the record's `url` and the record's `host_aliases`.
 * Written by the renderer into site-config.json, matched by the server against each request.
 */

/**
 * A host as requests and records write it, made comparable: lower case, no port, no trailing
 * dot, IPv6 brackets removed. Null when nothing is left.
 */
export function normalizeHost(host: string | null | undefined): string | null {
  if (!host) return null;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end > 0 ? name.slice(1, end) : '';
  } else if (name.indexOf(':') === name.lastIndexOf(':')) {
    // One colon: a port follows (more than one is a bare IPv6 address).
    name = name.split(':')[0];
  }
  name = name.replace(/\.+$/, '');
  return name === '' ? null : name;
}

/** Every host name the site answers on, normalized and without repeats: the url's host first. */
export function siteHosts({ url, aliases }: { url: string | null | undefined; aliases: readonly string[] }): string[] {
  let urlHost: string | null;
  try {
    urlHost = url ? normalizeHost(new URL(url).host) : null;
  } catch {
    urlHost = null;
  }
  return [...new Set([urlHost, ...aliases.map(normalizeHost)].filter((host): host is string => host !== null))];
}
