/**
 * The whole HTML document of a page, assembled by string concatenation around the pre-rendered
 * shell and page HTML (fast: it runs for every page of every build).
 *
 * Order follows the SPEC §2 page shell: metadata, banner, header, service bar, compare strip
 * (only on paths containing 'cars' or 'search'), the page in <main id="main">, footer,
 * sub-footer. The runtime script is included only when the page has an island, so pages
 * without interaction ship no JS.
 */
import { compareStripOnPath } from '../domain/favourites.ts';
import type { Site } from '../domain/site.ts';
import type { Route } from './route.ts';
import { escapeMarkup } from '../domain/escapeMarkup.ts';
import { renderHead, type PageMeta } from './head.tsx';
import { sharedScripts } from './sharedProps.ts';
import type { ShellHtml } from './renderShell.tsx';

/** Pre-rendered shell parts, each an HTML string ('' when absent). */
export type { ShellHtml } from './renderShell.tsx';

/** Props of {@link renderDocument}. */
export interface DocumentProps {
  site: Site;
  route: Route;
  meta: PageMeta;
  jsonLd: object[];
  shell: ShellHtml;
  /** The page component's HTML (the <main> contents). */
  main: string;
  assets: { css: string; runtime: string };
}

/**
 * The island wrapper's opening tags as ui/Island.tsx renders them (a div, or a span inline). Text
 * can never contain them: React escapes '<' in text, so only real islands match.
 */
const ISLAND_MARKERS = ['<div data-island="', '<span data-island="'];

/** React 19 puts `<link rel="preload">` for eager images at the start of a rendered fragment. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

/**
 * Splits a pre-rendered fragment into its leading preload links and the rest, so the links can
 * go in <head> (where they belong and help the first image load) instead of inside <body>.
 */
export function splitPreloads(html: string): { preloads: string; rest: string } {
  // The check first: a failing match of the anchored pattern still costs a pass over the fragment.
  const match = html.startsWith('<link rel="preload"') ? LEADING_PRELOADS.exec(html) : null;
  return match ? { preloads: match[0], rest: html.slice(match[0].length) } : { preloads: '', rest: html };
}

/**
 * The page's kind, and a car page's car, on <html> for the ASC analytics events
 * (ui/islands/ascDataLayer.ts readAscPage: page_type and the vehicle parameters). Not on <body>
 * or <main>: renderer/check.ts cuts pages at those exact tags.
 */
function pageAttributes(route: Route): string {
  const kind = ` data-page-kind="${escapeMarkup(route.kind)}"`;
  if (route.kind !== 'car') return kind;
  const { car } = route;
  const item = { id: car.id, make: car.make, model: car.model, year: car.year, car_type: car.car_type, price: car.price };
  return `${kind} data-asc-item="${escapeMarkup(JSON.stringify(item))}"`;
}

/** The full '<!doctype html>' page. */
export function renderDocument({ site, route, meta, jsonLd, shell, main, assets }: DocumentProps): string {
  let preloads = '';
  const take = (html: string) => {
    const split = splitPreloads(html);
    preloads += split.preloads;
    return split.rest;
  };
  const compareStrip = compareStripOnPath(route.path) ? take(shell.compareStrip) : '';
  const body =
    '<a class="skip-link" href="#main">Skip to content</a>' +
    take(shell.banner) +
    take(shell.header) +
    take(shell.serviceBar) +
    compareStrip +
    `<main id="main">${take(main)}</main>` +
    take(shell.footer) +
    take(shell.subFooter);
  const hasIsland = ISLAND_MARKERS.some((marker) => body.includes(marker));
  return (
    '<!doctype html>' +
    `<html lang="${escapeMarkup(site.regionSettings.locale)}"${pageAttributes(route)}>` +
    `<head>${renderHead({ site, route, meta, jsonLd, assets, themeStyle: shell.themeStyle })}${preloads}</head>` +
    `<body>${body}${hasIsland ? `${sharedScripts(body)}<script type="module" src="${escapeMarkup(assets.runtime)}"></script>` : ''}</body>` +
    '</html>'
  );
}
