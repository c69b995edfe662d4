/**
 * Permanent redirects of a generated site, in the `_redirects` file format that Netlify and
 * Cloudflare Pages read (`/cars/x /search/make/model 301`, one rule a line, `#` comments) and
 * that `forecourt serve` reads back: the file is the one source of both.
 */

/** One redirect: a site path, where it goes and the status (301: moved permanently). */
export interface RedirectRule {
  from: string;
  to: string;
  status: 301;
}

/** The name of the redirects file at the root of a generated site (never served as a page). */
export const REDIRECTS_FILE = '_redirects';

/** The `_redirects` text of `rules`, with a comment saying what it is. */
export function formatRedirectsFile(rules: readonly RedirectRule[]): string {
  const lines = ['# Permanent redirects (Netlify / Cloudflare Pages _redirects format; forecourt serve reads it too).'];
  for (const rule of rules) lines.push(`${rule.from} ${rule.to} ${rule.status}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The rules of a `_redirects` text: blank lines and comments skipped; a line of a path, a target
 * and an optional 301 (the default) is a rule. Lines this site never writes (other statuses,
 * placeholders, query matches) are reported as errors rather than guessed at.
 */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) return;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    if (!from.startsWith('/') || !to || status !== '301' || rest.length || /[*:]/.test(from)) {
      throw new Error(`${REDIRECTS_FILE} line ${i + 1}: '${raw.trim()}' is not '/path /target 301'`);
    }
    rules.push({ from, to, status: 301 });
  });
  return rules;
}

/** The rule for a request path (trailing slash ignored), or undefined. */
export function redirectFor({ rules, urlPath }: { rules: readonly RedirectRule[]; urlPath: string }): RedirectRule | undefined {
  const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const wanted = bare(urlPath);
  return rules.find((rule) => bare(rule.from) === wanted);
}
