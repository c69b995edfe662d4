/**
 * Render threads: a pool of worker threads (renderer/renderThread.ts) that render a dealer's pages
 * while the main thread checks and queues them for the writer (renderer/siteStages.ts renderStage).
 * The site, its data and its routes go to each thread once per build (one v8 serialisation, copied
 * to each); routes then go out in chunks, at most {@link IN_FLIGHT} per thread, and the pages come
 * back and are handed on in route order, so the checker, the reuse plan and the writer see what
 * they see when the main thread renders. Each page's bytes are transferred, never copied.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import type { Worker as WorkerThread } from 'node:worker_threads';
import type { Site } from '../domain/site.ts';
import type { Route } from '../ui/route.ts';
import type { SiteData } from '../ui/pageProps.ts';
import type { DocumentPart } from '../ui/document.ts';
import type { Page, RenderError } from './stage.ts';
import type { SentError, SentPage, SentPart } from './renderThread.ts';

/** The thread's module: the TypeScript source under a TypeScript loader (tests, bench), the bundled file beside the CLI's chunks (dist/). */
const THREAD = new URL(import.meta.url.endsWith('.ts') ? './renderThread.ts' : './renderThread.mjs', import.meta.url);

/** Routes per message: enough that a message's cost is small beside rendering them, few enough that threads share the work evenly. */
const CHUNK = 24;

/** Chunks each thread holds at once: one it renders, one waiting, so it never idles for the main thread. */
const IN_FLIGHT = 2;

/** How long a closing thread may take to end before it is stopped. */
const CLOSE_WAIT_MS = 1000;

/**
 * Fewer pages than this to render (an incremental build's few changed cars) render in the main
 * thread: sending a large dealer's site data to the threads costs more than they would save.
 */
const MIN_PAGES_FOR_THREADS = 500;

/**
 * Render threads by default, at most: each holds its own copy of the site data (about 170 MB on a
 * 5,000-car dealer, four times that at 20,000), and past two the main thread, which checks and
 * queues every page, is the limit.
 */
const DEFAULT_MAX_THREADS = 2;

/** Most render threads `--workers` may ask for (each holds a copy of the site data). */
export const MAX_RENDER_THREADS = 16;

/**
 * Render threads a build uses when `--workers` is not given: none on a machine of two cores or
 * fewer (the main thread and the writer thread already use both), else one per core beyond those
 * two, at most {@link DEFAULT_MAX_THREADS}.
 */
export function defaultRenderThreads({ cores = availableParallelism() }: { cores?: number } = {}): number {
  return cores > 2 ? Math.min(cores - 2, DEFAULT_MAX_THREADS) : 0;
}

/** A page rendered by a thread: its bytes (handed to the writer as they are) and its document parts. */
export type ThreadPage = Page & { bytes: Uint8Array };

/** A pool of render threads, started once per run and used by each dealer's build in turn. */
export interface RenderPool {
  readonly threads: number;
  /** Fewer routes to render than this render in the main thread ({@link MIN_PAGES_FOR_THREADS} unless the pool was started with another). */
  readonly minPages: number;
  /**
   * Renders the routes at `indexes` (ascending) of `routes`; `onRendered` is told each page in
   * that order. Resolves with the pages that threw (every route fails alike when the shell does),
   * or null, having rendered nothing, when the site cannot be sent to the threads.
   */
  render(args: {
    site: Site;
    data: SiteData;
    routes: Route[];
    indexes: number[];
    onRendered: (page: ThreadPage) => void;
  }): Promise<{ rendered: number; errors: RenderError[] } | null>;
  /** Stops the threads. */
  close(): Promise<void>;
}

/** A thread's answer to one chunk, its shared parts resolved. */
interface ChunkResult {
  pages: ThreadPage[];
  errors: { index: number; error: Error }[];
}

/** `error` as sent by a thread, as an Error again. */
function revive({ message, stack }: { message: string; stack?: string }): Error {
  const error = new Error(message);
  if (stack) error.stack = stack;
  return error;
}

/** A page whose HTML is joined from its parts only when asked (a checker's diagnostic position). */
function threadPage({ route, file, bytes, parts }: { route: Route; file: string; bytes: Uint8Array; parts: DocumentPart[] | undefined }): ThreadPage {
  let html: string | undefined;
  const page = { route, file, bytes, parts } as ThreadPage;
  Object.defineProperty(page, 'html', {
    enumerable: true,
    get: () => (html ??= parts ? parts.map((part) => part.text).join('') : new TextDecoder().decode(bytes)),
  });
  return page;
}

/**
 * One render thread. The built module runs as it is, with the process's own flags (a profiler's
 * too). The TypeScript source (tests, the bench) needs tsx's loader registered in the thread
 * before the module is imported: a `--import tsx` flag does not reach a worker's entry module.
 */
function newThread({ Worker, module }: { Worker: typeof WorkerThread; module: URL }): WorkerThread {
  if (!module.pathname.endsWith('.ts')) return new Worker(module);
  // tsx's ESM API, as its package exports name it for import (require would resolve its CommonJS build).
  const manifest = createRequire(module).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(source, { eval: true });
}

/** Starts `threads` render threads (loading React and the pages in each, in the background). */
export async function startRenderPool({
  threads,
  minPages = MIN_PAGES_FOR_THREADS,
  module = THREAD,
}: {
  threads: number;
  minPages?: number;
  /** The threads' module (a test gives one that fails). */
  module?: URL;
}): Promise<RenderPool> {
  const { Worker } = await import('node:worker_threads');
  // The TypeScript source needs the loader the tests and the bench run under; the built CLI does not.
  const pool: WorkerThread[] = Array.from({ length: Math.max(1, threads) }, () => newThread({ Worker, module }));
  let crashed: Error | null = null;
  let closing = false;
  let used = false;
  // Threads that have ended (a crash, or the pool's close): no 'exit' comes from them again.
  const exited = new Set<WorkerThread>();
  const onCrash = new Set<(error: Error) => void>();
  const crash = (error: Error) => {
    crashed ??= error;
    for (const fail of onCrash) fail(crashed);
  };
  for (const worker of pool) {
    worker.on('error', (error) => crash(new Error('a render thread crashed', { cause: error })));
    // A thread that ends before the pool closes (out of memory, killed) fails the build that waits for it.
    worker.on('exit', (code) => {
      exited.add(worker);
      if (!closing) crash(new Error(`a render thread stopped (exit code ${code})`));
    });
  }

  /** Posts `message` to `worker` and waits for its answer of `type`. */
  const ask = <T>(worker: WorkerThread, type: string, message: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (crashed) return reject(crashed);
      const onMessage = (answer: { type: string }) => {
        if (answer.type !== type) return;
        worker.off('message', onMessage);
        onCrash.delete(reject);
        resolve(answer as T);
      };
      onCrash.add(reject);
      worker.on('message', onMessage);
      worker.postMessage(message);
    });

  return {
    threads: pool.length,
    minPages,
    async render({ site, data, routes, indexes, onRendered }) {
      // A pool one of whose threads died (in an earlier dealer's build) renders no more: the builds go on in the main thread.
      if (crashed) return null;
      used = true;
      // The kept-gallery lookup is a function and cannot cross; a thread renders galleries itself, to the same bytes.
      const { galleryHtml: _, ...plain } = data;
      let snapshot: Buffer;
      try {
        snapshot = serialize({ site, data: plain, routes });
      } catch {
        // Something in the site cannot cross to a thread (a function, say): the caller renders it in its own thread.
        return null;
      }
      const ready = await Promise.all(pool.map((worker) => ask<{ error: SentError | null }>(worker, 'ready', { type: 'site', snapshot })));
      const failed = ready.find((answer) => answer.error)?.error;
      // The threads let go of the site once its pages are rendered, before the next dealer loads.
      const drop = () => pool.forEach((worker) => worker.postMessage({ type: 'drop' }));
      if (failed) {
        drop();
        return { rendered: 0, errors: routes.map((route) => ({ path: route.path, error: revive(failed) })) };
      }

      const chunks: number[][] = [];
      for (let at = 0; at < indexes.length; at += CHUNK) chunks.push(indexes.slice(at, at + CHUNK));
      const sharedOf = pool.map(() => [] as string[]);
      const results = new Map<number, ChunkResult>();
      let next = 0;
      let handed = 0;
      let rendered = 0;
      const errors: RenderError[] = [];
      await new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => {
          cleanup();
          reject(error);
        };
        const handOn = () => {
          try {
            for (let result = results.get(handed); result; result = results.get(handed)) {
              results.delete(handed);
              handed += 1;
              for (const page of result.pages) {
                rendered += 1;
                onRendered(page);
              }
              for (const { index, error } of result.errors) errors.push({ path: routes[index].path, error });
            }
          } catch (error) {
            fail(error as Error);
            return;
          }
          if (handed === chunks.length) {
            cleanup();
            resolve();
          }
        };
        const send = (thread: number) => {
          if (next >= chunks.length) return;
          const chunk = next++;
          pool[thread].postMessage({ type: 'render', chunk, indexes: chunks[chunk] });
        };
        const listeners = pool.map((worker, thread) => {
          const listener = (message: { type: string; chunk: number; pages: SentPage[]; errors: SentError[] }) => {
            if (message.type !== 'pages') return;
            const shared = sharedOf[thread];
            const pages = message.pages.map(({ index, file, bytes, parts }) =>
              threadPage({ route: routes[index], file, bytes, parts: parts?.map((part) => resolvePart({ part, shared })) }),
            );
            // In the message's order (the thread's numbering of shared parts), whatever order chunks are handed on in.
            results.set(message.chunk, { pages, errors: message.errors.map(({ index, ...error }) => ({ index, error: revive(error) })) });
            send(thread);
            handOn();
          };
          worker.on('message', listener);
          return listener;
        });
        const cleanup = () => {
          pool.forEach((worker, thread) => worker.off('message', listeners[thread]));
          onCrash.delete(fail);
        };
        if (crashed) return fail(crashed);
        onCrash.add(fail);
        if (chunks.length === 0) return handOn();
        for (let round = 0; round < IN_FLIGHT; round++) pool.forEach((_worker, thread) => send(thread));
      }).finally(drop);
      return { rendered, errors };
    },
    async close() {
      closing = true;
      // Threads that never rendered (every site was up to date) may still be loading React: stopped at once.
      if (!used) {
        await Promise.all(pool.map((worker) => worker.terminate()));
        return;
      }
      // Each thread is asked to end (a profiler then writes its profile), and stopped if it has not within a second.
      await Promise.all(
        pool.map(async (worker) => {
          if (exited.has(worker)) return;
          const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          worker.postMessage({ type: 'close' });
          const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
          await ended;
          clearTimeout(timer);
        }),
      );
    },
  };
}

/** A part as sent, as the document part it stands for; a shared part's text is kept for the parts that name it later. */
function resolvePart({ part, shared }: { part: SentPart; shared: string[] }): DocumentPart {
  if ('ref' in part) return { text: shared[part.ref], shared: true };
  if (part.shared) shared.push(part.text);
  return part;
}
