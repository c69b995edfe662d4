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
import { sharedReferences, sharedScriptsOf } from './sharedProps.ts';
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

/**
 * A piece of a rendered document, in order: the pieces joined are the page. `shared` marks a
 * piece that is the same string on many pages of a build (a shell part, a fixed tag), so a reader
 * such as renderer/check.ts can look at each distinct one once.
 */
export interface DocumentPart {
  text: string;
  shared: boolean;
}

/** A rendered page: its HTML and the pieces it was joined from. */
export interface RenderedDocument {
  html: string;
  parts: DocumentPart[];
}

/** What the document needs to know of a fragment: its leading preloads, the rest, whether it holds an island, the shared values it refers to. */
interface FragmentFacts {
  preloads: string;
  rest: string;
  island: boolean;
  references: string[];
}

function fragmentFacts(html: string): FragmentFacts {
  const { preloads, rest } = splitPreloads(html);
  return { preloads, rest, island: ISLAND_MARKERS.some((marker) => rest.includes(marker)), references: sharedReferences(rest) };
}

const SKIP_LINK = '<a class="skip-link" href="#main">Skip to content</a>';
const MAIN_OPEN = '<main id="main">';
const MAIN_CLOSE = '</main>';

/**
 * A document renderer for one build. The shell parts are the same strings on every page, so what
 * the document needs of each (its preloads, islands and shared-value references) is found once per
 * distinct string and kept for the renderer's life; only the page's own <main> is looked at per
 * page. Each call returns the page and the pieces it was joined from.
 */
export function createDocumentRenderer(): (props: DocumentProps) => RenderedDocument {
  // One entry per distinct shell string of the build (a handful, plus a car page's masked variants).
  const known = new Map<string, FragmentFacts>();
  const factsOf = (html: string): FragmentFacts => {
    let facts = known.get(html);
    if (!facts) known.set(html, (facts = fragmentFacts(html)));
    return facts;
  };
  let runtimeTag = '';
  let runtimeUrl: string | null = null;
  return ({ site, route, meta, jsonLd, shell, main, assets }) => {
    const body: FragmentFacts[] = [];
    if (shell.banner) body.push(factsOf(shell.banner));
    if (shell.header) body.push(factsOf(shell.header));
    if (shell.serviceBar) body.push(factsOf(shell.serviceBar));
    if (shell.compareStrip && compareStripOnPath(route.path)) body.push(factsOf(shell.compareStrip));
    const mainAt = body.length;
    body.push(fragmentFacts(main));
    if (shell.footer) body.push(factsOf(shell.footer));
    if (shell.subFooter) body.push(factsOf(shell.subFooter));

    let preloads = '';
    let hasIsland = false;
    const references = new Set<string>();
    for (const facts of body) {
      preloads += facts.preloads;
      if (facts.island) hasIsland = true;
      for (const key of facts.references) references.add(key);
    }
    const parts: DocumentPart[] = [
      {
        text:
          '<!doctype html>' +
          `<html lang="${escapeMarkup(site.regionSettings.locale)}"${pageAttributes(route)}>` +
          `<head>${renderHead({ site, route, meta, jsonLd, assets, themeStyle: shell.themeStyle })}${preloads}</head>` +
          `<body>${SKIP_LINK}`,
        shared: false,
      },
    ];
    body.forEach((facts, index) => {
      if (index === mainAt) {
        parts.push({ text: MAIN_OPEN, shared: true }, { text: facts.rest, shared: false }, { text: MAIN_CLOSE, shared: true });
      } else if (facts.rest) parts.push({ text: facts.rest, shared: true });
    });
    if (hasIsland) {
      if (runtimeUrl !== assets.runtime) {
        runtimeUrl = assets.runtime;
        runtimeTag = `<script type="module" src="${escapeMarkup(assets.runtime)}"></script>`;
      }
      if (references.size) parts.push({ text: sharedScriptsOf(references), shared: false });
      parts.push({ text: runtimeTag, shared: true });
    }
    parts.push({ text: '</body></html>', shared: true });
    // Joined, not concatenated: one flat string, which the writer encodes without flattening it first.
    return { html: parts.map((part) => part.text).join(''), parts };
  };
}

/** The full '<!doctype html>' page. */
export function renderDocument(props: DocumentProps): string {
  return createDocumentRenderer()(props).html;
}
