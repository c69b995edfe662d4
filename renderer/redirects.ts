/**
 * Where the pages of sold cars past their window went: a `_redirects` file (301s for hosts
 * that read it, and for `forecourt serve`) and, for plain static hosts, a small page at each old
 * path that refreshes to the same target and names it as canonical. The target is the make and
 * model's search when the site has it, else the make's, else the default search.
 */
import type { Car } from '../domain/types.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import { escapeMarkup } from '../domain/escapeMarkup.ts';
import { carPath, makeSearchPath, normalisePath } from '../domain/routes/paths.ts';
import { soldPastWindow } from '../domain/stockVisibility.ts';
import { formatRedirectsFile, REDIRECTS_FILE, type RedirectRule } from '../domain/redirects.ts';
import { absoluteUrl } from './sitemap.ts';
import { isPlannablePath } from './plan.ts';
import { pageFile, type Asset } from './stage.ts';
import { carName } from '../domain/carName.ts';

/** The redirect of each sold car past its window whose old path no page took. */
export function soldCarRedirects({ site, cars, routes }: { site: Site; cars: readonly Car[]; routes: readonly Route[] }): (RedirectRule & { car: Car })[] {
  const planned = new Set(routes.map((route) => route.path));
  const target = (car: Car): string => {
    const candidates = [car.make && car.model ? makeSearchPath({ make: car.make, model: car.model }) : '', car.make ? makeSearchPath({ make: car.make }) : ''];
    return candidates.find((path) => path && planned.has(path)) ?? normalisePath(site.default_search_path);
  };
  const seen = new Set<string>();
  const rules: (RedirectRule & { car: Car })[] = [];
  for (const car of soldPastWindow({ cars, now: new Date(site.now), soldWindowDays: site.include_sold_cars_days })) {
    const from = carPath(car);
    if (planned.has(from) || seen.has(from) || !isPlannablePath(from)) continue;
    seen.add(from);
    rules.push({ from, to: target(car), status: 301, car });
  }
  return rules;
}

/** The page left at a sold car's old path: an immediate refresh to the target, canonical to it. */
export function redirectPage({ site, rule }: { site: Site; rule: RedirectRule & { car: Car } }): string {
  const to = escapeMarkup(rule.to);
  const canonical = escapeMarkup(absoluteUrl({ baseUrl: site.baseUrl, path: rule.to }));
  const name = escapeMarkup(carName({ car: rule.car }));
  return (
    '<!doctype html>' +
    `<html lang="${escapeMarkup(site.regionSettings.locale)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${name} (Sold) | ${escapeMarkup(site.name)}</title>` +
    `<link rel="canonical" href="${canonical}">` +
    `<meta http-equiv="refresh" content="0; url=${to}">` +
    `</head><body><main><h1>This ${name} has been sold</h1><p><a href="${to}">See similar cars for sale</a></p></main></body></html>`
  );
}

/** The `_redirects` file (always written, so a host drops the rules of cars no longer in the feed) and the refresh pages. */
export function redirectAssets({ site, cars, routes }: { site: Site; cars: readonly Car[]; routes: readonly Route[] }): Asset[] {
  const rules = soldCarRedirects({ site, cars, routes });
  return [
    { path: REDIRECTS_FILE, contents: formatRedirectsFile(rules.map(({ from, to, status }) => ({ from, to, status }))) },
    ...rules.map((rule) => ({ path: pageFile({ path: rule.from, kind: 'car' }), contents: redirectPage({ site, rule }) })),
  ];
}
