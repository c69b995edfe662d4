/**
 * The vocabulary of the `generate` pipeline: what its stages pass to each other (assets, pages,
 * render errors) and the timer every stage runs under, so a build reads as its list of stages
 * and `--verbose` can print where the time went.
 */
import type { Route } from '../ui/route.ts';
import type { DocumentPart } from '../ui/document.ts';

/** A file of the generated site, kept in memory until `emit`. `path` is relative, no leading slash. */
export interface Asset {
  path: string;
  contents: string | Uint8Array;
}

/** One rendered route. */
export interface Page {
  route: Route;
  /** Output file relative to the site root, e.g. 'cars/x/index.html' or '404.html'. */
  file: string;
  html: string;
  /** The pieces `html` was joined from (ui/document.ts), when the renderer kept them: the checker reads each shared one once. */
  parts?: readonly DocumentPart[];
}

/** A page that threw while rendering: a value, collected, never a crash half-way (docs/architecture.md). */
export interface RenderError {
  path: string;
  error: Error;
}

/** How long one named stage took. */
export interface StageTiming {
  stage: string;
  ms: number;
}

/**
 * Runs one named stage and records its wall time in `timings`, also when it throws (the error
 * is wrapped with the stage name as context and rethrown).
 */
export async function timed<T>({ stage, timings, run }: { stage: string; timings: StageTiming[]; run: () => T | Promise<T> }): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } catch (error) {
    throw new Error(`stage ${stage} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  } finally {
    timings.push({ stage, ms: performance.now() - start });
  }
}

/**
 * Output file of a route: '/' -> 'index.html', the 404 page -> '404.html', else
 * '<path>/index.html' with each segment decoded (a link's '%20' is the file's space, as the
 * server decodes a request path).
 */
export function pageFile(route: Pick<Route, 'path' | 'kind'>): string {
  if (route.kind === 'not-found') return '404.html';
  if (route.path === '/') return 'index.html';
  // The common case, without a regular expression or a split (a build asks this of every page several times).
  if (route.path[0] === '/' && route.path[1] !== '/' && !route.path.endsWith('/') && !route.path.includes('%')) return `${route.path.slice(1)}/index.html`;
  const segments = route.path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map(decodeURIComponent);
  return `${segments.join('/')}/index.html`;
}
