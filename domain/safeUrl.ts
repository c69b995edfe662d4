/**
 * URLs from records and feeds are allowed only with http(s), tel and mailto schemes, or as
 * site-relative paths and fragments (docs/architecture.md "Escape characters, not patterns").
 */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'tel:', 'mailto:']);

/**
 * The URL as a browser's parser reads it (WHATWG URL): leading and trailing control characters
 * and spaces dropped, and every tab and newline removed wherever it is, so "/\t/evil.example"
 * is read as "//evil.example", a link to another host.
 */
function asBrowserReads(url: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers drop
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** True when `url` is safe to put in an href or src. */
export function isSafeUrl(url: string): boolean {
  const trimmed = asBrowserReads(url.trim());
  if (trimmed === '') return false;
  if (trimmed.startsWith('#') || trimmed.startsWith('?')) return true;
  // Site-relative path; '//' would be protocol-relative and '/\' is treated the same by browsers.
  if (trimmed.startsWith('/')) return !/^\/[/\\]/.test(trimmed);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  return scheme !== null && ALLOWED_SCHEMES.has(scheme[1].toLowerCase() + ':');
}

/**
 * Square brackets are not allowed in a URL's path or query (search links of a record carry
 * `range[price]=...`); they are percent-encoded, which every reader of the query decodes alike.
 * An IPv6 host (`http://[::1]/`) keeps its brackets.
 */
function encodeBrackets(url: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  return authority + url.slice(authority.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
}

/** The URL when safe (brackets percent-encoded), otherwise undefined (so React omits the attribute). */
export function safeHref(url: string | null | undefined): string | undefined {
  return url != null && isSafeUrl(url) ? encodeBrackets(url) : undefined;
}
