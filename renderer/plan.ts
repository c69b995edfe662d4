/**
 * The `plan` stage: every URL a dealer's site has (SPEC §2 routes), decided from the resolved
 * Site and its stock. A conditional route is planned only when its condition holds, so every
 * page that exists is one a shopper can reach and nothing links to a page that is not built.
 */
import type { InfoPage, Site } from '../domain/site.ts';
import type { Route, RouteKind } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import { normalisePath } from '../domain/routes/paths.ts';
import { overlongPathSegment } from '../domain/routes/pathSegments.ts';
import { privacyPolicy as legalPrivacyPolicy } from './legal.ts';
import { ROUTE_KINDS, routeDefinition } from './routes.ts';

export { normalisePath } from '../domain/routes/paths.ts';

/** Why a candidate route was left out (an unsafe path from a record or feed). */
export interface SkippedRoute {
  path: string;
  reason: string;
}

/**
 * A path is planned only when it is a plain site path: leading slash, no query or hash, and no
 * segment that, decoded, is empty, '.' or '..', holds a slash, backslash or control character, or
 * is longer than a file name may be (validate reports the field; this keeps the build going).
 * Record and feed values become file names in `emit` (decoded), so this keeps every page inside
 * the output folder.
 */
export function isPlannablePath(path: string): boolean {
  if (!path.startsWith('/') || /[?#]/.test(path)) return false;
  if (path === '/') return true;
  if (overlongPathSegment(path)) return false;
  return path
    .slice(1)
    .split('/')
    .every((raw) => {
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        return false;
      }
      // eslint-disable-next-line no-control-regex -- control characters are what this rejects
      return segment !== '' && segment !== '.' && segment !== '..' && !/[/\\\u0000-\u001f]/.test(segment);
    });
}

/**
 * Every route of the dealer's site: each kind of the route registry (renderer/routes.ts) in its
 * order, each page at the path of its kind's path builder. The first route planned for a path
 * wins, so a record page or model slug can never replace a built-in page.
 */
export function planRoutes({
  site,
  data,
  privacyPolicy = () => legalPrivacyPolicy({ site }),
  onSkip,
}: {
  site: Site;
  /** The siteData stage's result (visible cars, makes in stock). */
  data: SiteData;
  /** The privacy policy copy (default: renderer/legal.ts); called once. */
  privacyPolicy?: () => InfoPage;
  /** Told about each candidate left out because its path is unsafe (surfaced as a warning). */
  onSkip?: (skipped: SkippedRoute) => void;
}): Route[] {
  const routes: Route[] = [];
  const seen = new Set<string>();
  let privacy: InfoPage | undefined;
  const context = { site, data, planned: routes, privacyPolicy: () => (privacy ??= privacyPolicy()) };
  for (const kind of ROUTE_KINDS) {
    const definition = routeDefinition(kind as RouteKind);
    for (const target of definition.plan(context)) {
      const path = normalisePath(definition.path({ site, ...target } as never));
      if (!isPlannablePath(path)) {
        onSkip?.({ path, reason: 'not a plain site path' });
        continue;
      }
      if (seen.has(path)) continue;
      seen.add(path);
      const indexable = typeof definition.indexable === 'function' ? definition.indexable(target as never) : definition.indexable;
      const canonicalPath = definition.canonical ? normalisePath(definition.canonical({ site, ...target } as never)) : path;
      routes.push({ ...target, path, kind, indexable, ...(canonicalPath !== path ? { canonicalPath } : {}) } as Route);
    }
  }
  return routes;
}
