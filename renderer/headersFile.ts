/**
 * The output's `_headers` file: the site's caching and security headers (domain/httpHeaders.ts)
 * for static hosts that read it, and for `forecourt serve`, which reads it back.
 */
import { formatHeadersFile, siteHeaderRules } from '../domain/httpHeaders.ts';
import { measurementSources } from '../domain/measurement.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { Asset } from './stage.ts';

/** The name of the headers file at the root of a generated site (never served as a page). */
export const HEADERS_FILE = '_headers';

type HeaderSite = Pick<Site, 'forms' | 'search_host' | 'chat_widget_url' | 'dealer_rating_script_url' | 'security' | 'measurement'>;

/**
 * The `_headers` asset of a site: where its pages may load scripts from, send requests to and be
 * framed by, and how long each file may be cached (pages, by their `routes`' top-level sections:
 * always revalidated).
 */
export function headersFileAsset({ site, routes }: { site: HeaderSite; routes: readonly Pick<Route, 'path'>[] }): Asset {
  // Only the hosts of the tags the record configures: a dealer without measurement allows none.
  const measurement = measurementSources({ measurement: site.measurement });
  const rules = siteHeaderRules({
    pageSections: routes.map((route) => route.path.split('/')[1] ?? ''),
    scriptUrls: [site.chat_widget_url, site.dealer_rating_script_url, ...measurement.scriptUrls],
    connectUrls: [site.forms.api_base, site.search_host],
    collectUrls: measurement.connectUrls,
    frameAncestors: site.security.frame_ancestors,
  });
  return { path: HEADERS_FILE, contents: formatHeadersFile(rules) };
}
