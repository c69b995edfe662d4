/**
 * A render thread (renderer/renderPool.ts starts it): renders routes of one dealer's site with the
 * same page renderers the main thread would use (renderer/render.ts), so every page is React's
 * output and byte-identical to one rendered in the main thread.
 *
 * Messages in:
 * - `{ type: 'site', snapshot }`: the dealer being built, `{ site, data, routes }` serialised with
 *   node:v8 once per build; its shell is rendered at once. Answered `{ type: 'ready', error }`.
 * - `{ type: 'drop' }`: the site's pages are done; the thread lets go of its data.
 * - `{ type: 'close' }`: the run is over; the thread ends.
 * - `{ type: 'render', chunk, indexes }`: routes of that site by index. Answered
 *   `{ type: 'pages', chunk, pages, errors }`, each page's bytes transferred (not copied) and its
 *   document parts (ui/document.ts) as text, except a shared part already sent, which is named by
 *   number (`{ ref }`), so a shell part crosses threads once per site.
 */
import { deserialize } from 'node:v8';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import { createPageRenderer, loadPageRenderers, type PageRenderers } from './render.ts';
import type { Page } from './stage.ts';
import { deepFreeze } from '../ui/safeJson.ts';

/** A document part as sent: its text, or the number of a shared part sent before for this site. */
export type SentPart = { text: string; shared: boolean } | { ref: number };

/** One rendered page as sent to the main thread. */
export interface SentPage {
  index: number;
  file: string;
  bytes: Uint8Array;
  parts: SentPart[] | null;
}

/** A page that threw, as sent (an Error does not cross threads with its class). */
export interface SentError {
  index: number;
  message: string;
  stack?: string;
}

const encoder = new TextEncoder();

/** `page`'s parts with each shared part sent before (numbered in `sent`) replaced by its number. */
function sendParts(page: Page, sent: Map<string, number>): SentPart[] | null {
  if (!page.parts) return null;
  return page.parts.map(({ text, shared }) => {
    if (!shared) return { text, shared };
    const ref = sent.get(text);
    if (ref !== undefined) return { ref };
    sent.set(text, sent.size);
    return { text, shared };
  });
}

/** `thrown` as it crosses to the main thread. */
function sentError(thrown: unknown): { message: string; stack?: string } {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  return { message: error.message, stack: error.stack };
}

/**
 * Answers the main thread's messages on `port` for the thread's life (one run of `generate`): the
 * renderers are loaded once, and the site of the build under way is replaced by the next one.
 */
function serveRenders(port: MessagePort): void {
  // Loaded at once, while the main thread loads the dealer; a failure is reported when a site is opened.
  const renderers: Promise<PageRenderers> = loadPageRenderers();
  renderers.catch(() => undefined);
  let current: { routes: Route[]; render: (route: Route) => Page; sent: Map<string, number> } | null = null;

  const openSite = async ({ snapshot }: { snapshot: Uint8Array }): Promise<void> => {
    current = null;
    try {
      const { site, data, routes } = deserialize(snapshot) as { site: Site; data: SiteData; routes: Route[] };
      // Frozen again as the main thread froze them (a snapshot does not carry it): the site-wide
      // JSON-LD is then written once per thread, not once per page (ui/safeJson.ts inlineJsonOnce).
      deepFreeze(site);
      deepFreeze(data.structuredData);
      current = { routes, render: createPageRenderer({ site, data, routes, renderers: await renderers }), sent: new Map() };
      port.postMessage({ type: 'ready', error: null });
    } catch (error) {
      port.postMessage({ type: 'ready', error: sentError(error) });
    }
  };

  const renderChunk = ({ chunk, indexes }: { chunk: number; indexes: number[] }): void => {
    if (!current) throw new Error('render thread asked to render before a site was opened');
    const { routes, render, sent } = current;
    const pages: SentPage[] = [];
    const errors: SentError[] = [];
    for (const index of indexes) {
      try {
        const page = render(routes[index]);
        pages.push({ index, file: page.file, bytes: encoder.encode(page.html), parts: sendParts(page, sent) });
      } catch (thrown) {
        errors.push({ index, ...sentError(thrown) });
      }
    }
    port.postMessage(
      { type: 'pages', chunk, pages, errors },
      pages.map((page) => page.bytes.buffer as ArrayBuffer),
    );
  };

  port.on(
    'message',
    (message: { type: 'site'; snapshot: Uint8Array } | { type: 'render'; chunk: number; indexes: number[] } | { type: 'drop' } | { type: 'close' }) => {
      if (message.type === 'site') void openSite(message);
      else if (message.type === 'render') renderChunk(message);
      else if (message.type === 'drop') current = null;
      // Nothing left to wait for: the thread ends as a program does (a profiler writes its profile).
      else port.close();
    },
  );
}

if (!parentPort) throw new Error('renderThread runs only as a worker thread');
serveRenders(parentPort);
