/**
 * The `render` stage: each planned route -> React SSR of the page's <main> contents, page meta,
 * JSON-LD, wrapped by the document around the shell that was rendered ONCE per dealer.
 *
 * A page that throws is a value (RenderError), collected; the rest of the site still renders so
 * every failure is listed at the end, never a crash half-way (docs/architecture.md).
 */
import type { ComponentType, createElement as CreateElement } from 'react';
import type { renderToString as RenderToString } from 'react-dom/server';
import type { InfoPage, Site } from '../domain/site.ts';
import type { Route, RouteKind } from '../ui/route.ts';
import type { PageProps, SiteData } from '../ui/pageProps.ts';
import type { DocumentProps, RenderedDocument } from '../ui/document.ts';
import { pageFile, type Page, type RenderError } from './stage.ts';
import type { BuildSession } from './buildSession.ts';
import type { PageRead } from './pageInputs.ts';

/**
 * What the render stage calls, written by the pages and shell engineers. Passed in (rather than
 * imported here) so the stage can be tested with small stand-ins.
 */
export interface PageRenderers {
  /** The page component of each kind (renderer/routes.ts). */
  pages: Partial<Record<RouteKind, ComponentType<PageProps>>>;
  /** renderer/meta.ts pageMeta. */
  pageMeta: (props: PageProps) => unknown;
  /** renderer/routes.ts routeStructuredData: the site-wide objects and what the route's kind adds. */
  structuredData: (props: PageProps) => object[];
  /** renderer/routes.ts routeReads: what a page reads of the stock, or null for a page rendered in every build. */
  reads?: (props: PageProps) => readonly PageRead[] | null;
  /** ui/renderShell.tsx renderShell, called once per dealer. */
  renderShell: (args: { site: Site; data: SiteData; routes: readonly Route[] }) => unknown;
  /** ui/renderShell.tsx shellForRoute: the shell of one page (a car page masks its phone reveals); the dealer's shell when absent. */
  shellForRoute?: (args: { site: Site; route: Route; shell: never }) => unknown;
  /** ui/document.ts renderDocument. */
  renderDocument: (args: DocumentProps) => string;
  /**
   * ui/document.ts createDocumentRenderer: a document renderer per build that also returns the
   * pieces of each page (the checker reads the shell's once); renderDocument is used when absent.
   */
  documentRenderer?: () => (args: DocumentProps) => RenderedDocument;
  /** renderer/legal.ts privacyPolicy: the privacy routes' page (planned with them). */
  privacyPolicy: (args: { site: Site }) => InfoPage;
  /** React's createElement and react-dom/server's renderToString (loaded with the pages, see loadPageRenderers). */
  createElement: typeof CreateElement;
  renderToString: typeof RenderToString;
  /**
   * The code and templates these renderers run (renderer/buildSession.ts version), set by loadPageRenderers.
   * Stand-ins (tests) have none, so an incremental build never reuses a page they would render differently.
   */
  version?: string;
}

/**
 * Loads the real page renderers (pages, meta, JSON-LD, shell, document, legal copy) and React.
 *
 * React picks its development or production build from NODE_ENV when first loaded; development
 * React renders several times slower (prop validation, dev warnings), so a build that did not
 * choose renders with production React. That is why React is imported here, lazily, and not at
 * the top of this file. The meta and privacy templates are the `session`'s (a new session when none
 * is given), so renderers are loaded again for a new session.
 */
export async function loadPageRenderers({ session }: { session?: BuildSession } = {}): Promise<PageRenderers> {
  process.env.NODE_ENV ??= 'production';
  try {
    const [react, server, routes, meta, shell, document, legal, sessions] = await Promise.all([
      import('react'),
      import('react-dom/server'),
      import('./routes.ts'),
      import('./meta.ts'),
      import('../ui/renderShell.tsx'),
      import('../ui/document.ts'),
      import('./legal.ts'),
      import('./buildSession.ts'),
    ]);
    const own = session ?? sessions.createBuildSession();
    return {
      pages: routes.pageComponents(),
      pageMeta: (props: PageProps) => meta.pageMeta({ ...props, templates: own.metaTemplates() }),
      structuredData: routes.routeStructuredData,
      reads: routes.routeReads,
      renderShell: shell.renderShell,
      shellForRoute: shell.shellForRoute,
      renderDocument: document.renderDocument,
      documentRenderer: document.createDocumentRenderer,
      privacyPolicy: ({ site }: { site: Site }) => legal.privacyPolicy({ site, templates: own.privacyTemplate }),
      // Through `default` (module.exports): these CommonJS packages may be bundled (dist/), where a
      // dynamic import of one yields only its default export.
      createElement: react.default.createElement,
      renderToString: server.default.renderToString,
      version: own.version(),
    } as PageRenderers;
  } catch (error) {
    throw new Error('cannot load the page renderers (renderer/routes, ui/document, ui/renderShell, renderer/meta, renderer/legal)', { cause: error });
  }
}

/** Result of rendering a dealer's routes: the pages that rendered and the ones that threw. */
export interface RenderResult {
  /** The rendered pages, in route order (empty when rendered with `keep: false`). */
  pages: Page[];
  /** How many pages rendered. */
  rendered: number;
  errors: RenderError[];
}

/** Coerces anything thrown into an Error so reports can print a message and a stack. */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * A renderer for one dealer: the shell is rendered once, then each call renders one route (main
 * contents, meta, JSON-LD, document). Throws when the shell fails. Render threads
 * (renderer/renderThread.ts) make one per site too.
 */
export function createPageRenderer({
  site,
  data,
  routes,
  renderers,
}: {
  site: Site;
  data: SiteData;
  routes: readonly Route[];
  renderers: PageRenderers;
}): (route: Route) => Page {
  let shell: unknown;
  try {
    shell = renderers.renderShell({ site, data, routes });
  } catch (thrown) {
    throw new Error(`page shell failed: ${asError(thrown).message}`, { cause: thrown });
  }

  const renderDocument = renderers.documentRenderer?.() ?? ((args: DocumentProps) => ({ html: renderers.renderDocument(args), parts: undefined }));
  return (route) => {
    const Component = renderers.pages[route.kind];
    if (!Component) throw new Error(`no page component for route kind '${route.kind}'`);
    const props: PageProps = { site, route, data };
    const main = renderers.renderToString(renderers.createElement(Component, props));
    const meta = renderers.pageMeta(props);
    const jsonLd = renderers.structuredData(props);
    const { html, parts } = renderDocument({
      site,
      route,
      meta: meta as DocumentProps['meta'],
      jsonLd,
      shell: (renderers.shellForRoute ? renderers.shellForRoute({ site, route, shell: shell as never }) : shell) as DocumentProps['shell'],
      main,
      assets: data.assets,
    });
    return parts ? { route, file: pageFile(route), html, parts } : { route, file: pageFile(route), html };
  };
}

/**
 * Renders every route in this thread. `onPage` is told the running count (progress). When the
 * shell fails every route is reported failed (all of them, not just the first).
 */
export function renderPages({
  site,
  routes,
  data,
  renderers,
  onPage,
  onRendered,
  keep = true,
  skip,
}: {
  site: Site;
  routes: Route[];
  data: SiteData;
  renderers: PageRenderers;
  onPage?: (done: number) => void;
  /** Told each page as soon as it is rendered (emit writes it while the rest render). */
  onRendered?: (page: Page) => void;
  /** Keep every page in the result (default); a build that streams pages passes false to save memory. */
  keep?: boolean;
  /** True for a route not to render (an incremental build reuses its page); it still counts for progress. */
  skip?: (route: Route) => boolean;
}): RenderResult {
  const pages: Page[] = [];
  const errors: RenderError[] = [];
  let rendered = 0;
  let render: (route: Route) => Page;
  try {
    render = createPageRenderer({ site, data, routes, renderers });
  } catch (error) {
    return { pages, rendered, errors: routes.map((route) => ({ path: route.path, error: error as Error })) };
  }
  let done = 0;
  for (const route of routes) {
    if (skip?.(route)) {
      onPage?.((done += 1));
      continue;
    }
    try {
      const page = render(route);
      rendered += 1;
      if (keep) pages.push(page);
      onRendered?.(page);
    } catch (thrown) {
      errors.push({ path: route.path, error: asError(thrown) });
    }
    done += 1;
    onPage?.(done);
  }
  return { pages, rendered, errors };
}
