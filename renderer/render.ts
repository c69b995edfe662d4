/**
 * The `render` stage: each planned route -> React SSR of the page's <main> contents, page meta,
 * JSON-LD, wrapped by the document around the shell that was rendered ONCE per dealer.
 *
 * A page that throws is a value (RenderError), collected; the rest of the site still renders so
 * every failure is listed at the end, never a crash half-way (DESIGN.md).
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Site, InfoPage } from '../domain/site.ts';
import type { Route, RouteKind } from '../ui/route.ts';
import type { PageProps, SiteData } from '../ui/pageProps.ts';
import { pageFile, type Page, type RenderError } from './stage.ts';

/**
 * What the render stage calls, written by the pages and shell engineers. Passed in (rather than
 * imported here) so the stage can be tested with small stand-ins.
 */
export interface PageRenderers {
  /** ui/pages/index.ts PAGES. */
  pages: Partial<Record<RouteKind, ComponentType<PageProps>>>;
  /** renderer/meta.ts pageMeta. */
  pageMeta: (props: PageProps) => unknown;
  /** ui/structuredData.ts structuredData. */
  structuredData: (props: PageProps) => object[];
  /** ui/renderShell.tsx renderShell, called once per dealer. */
  renderShell: (args: { site: Site; data: SiteData }) => unknown;
  /** ui/document.ts renderDocument. */
  renderDocument: (args: {
    site: Site;
    route: Route;
    meta: any;
    jsonLd: object[];
    shell: any;
    main: string;
    assets: SiteData['assets'];
  }) => string;
  /** renderer/legal.ts privacyPolicy: the privacy route's page. */
  privacyPolicy: (args: { site: Site }) => InfoPage;
}

/** Loads the real page renderers (pages, meta, JSON-LD, shell, document, legal copy). */
export async function loadPageRenderers(): Promise<PageRenderers> {
  try {
    const [pages, meta, structured, shell, document, legal] = await Promise.all([
      import('../ui/pages/index.ts'),
      import('./meta.ts'),
      import('../ui/structuredData.ts'),
      import('../ui/renderShell.tsx'),
      import('../ui/document.ts'),
      import('./legal.ts'),
    ]);
    return {
      pages: pages.PAGES,
      pageMeta: meta.pageMeta,
      structuredData: structured.structuredData,
      renderShell: shell.renderShell,
      renderDocument: document.renderDocument,
      privacyPolicy: legal.privacyPolicy,
    } as PageRenderers;
  } catch (error) {
    throw new Error('cannot load the page renderers (ui/pages, ui/document, ui/renderShell, renderer/meta, renderer/legal)', { cause: error });
  }
}

/** Result of rendering a dealer's routes: the pages that rendered and the ones that threw. */
export interface RenderResult {
  pages: Page[];
  errors: RenderError[];
}

/** Coerces anything thrown into an Error so reports can print a message and a stack. */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * Renders every route. The shell and the privacy copy are computed once; per page only the
 * main contents, meta and JSON-LD are rendered. `onPage` is told the running count (progress).
 */
export function renderPages({
  site,
  routes,
  data,
  renderers,
  onPage,
}: {
  site: Site;
  routes: Route[];
  data: SiteData;
  renderers: PageRenderers;
  onPage?: (done: number) => void;
}): RenderResult {
  const pages: Page[] = [];
  const errors: RenderError[] = [];

  let shell: unknown;
  try {
    shell = renderers.renderShell({ site, data });
  } catch (thrown) {
    // Every page needs the shell: report each route as failed (all of them, not just the first).
    const error = new Error(`page shell failed: ${asError(thrown).message}`, { cause: thrown });
    return { pages, errors: routes.map((route) => ({ path: route.path, error })) };
  }

  let privacy: InfoPage | Error | undefined;
  const privacyPage = (): InfoPage => {
    if (privacy === undefined) {
      try {
        privacy = renderers.privacyPolicy({ site });
      } catch (thrown) {
        privacy = new Error(`privacy policy failed: ${asError(thrown).message}`, { cause: thrown });
      }
    }
    if (privacy instanceof Error) throw privacy;
    return privacy;
  };

  let done = 0;
  for (const planned of routes) {
    try {
      const route = planned.kind === 'privacy' && !planned.page ? { ...planned, page: privacyPage() } : planned;
      const Component = renderers.pages[route.kind];
      if (!Component) throw new Error(`no page component for route kind '${route.kind}'`);
      const props: PageProps = { site, route, data };
      const main = renderToString(createElement(Component, props));
      const meta = renderers.pageMeta(props);
      const jsonLd = renderers.structuredData(props);
      const html = renderers.renderDocument({ site, route, meta, jsonLd, shell, main, assets: data.assets });
      pages.push({ route, file: pageFile(route), html });
    } catch (thrown) {
      errors.push({ path: planned.path, error: asError(thrown) });
    }
    done += 1;
    onPage?.(done);
  }
  return { pages, errors };
}
