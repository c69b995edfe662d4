/**
 * Island hydration (docs/architecture.md "Islands"): finds every `[data-island]`, reads its props from the
 * `script[data-island-props]` right after it (with the values islands share from the page's
 * `script[data-island-shared]`, ui/sharedProps.ts), and hydrates it per `data-when` — 'load' at once,
 * 'idle' when the browser is idle, 'visible' when it scrolls into view — so nothing blocks first
 * paint. A failing island is logged and its server HTML stays in place.
 *
 * Browser APIs arrive through `env` so the scheduling and error paths are testable without a DOM.
 */
import type { ComponentType } from 'react';
import type { IslandLoader } from './islandRegistry.ts';

/** Mounts `component` with `props` over the server markup inside `element`. */
export type HydrateFn = (element: Element, component: ComponentType<object>, props: object) => void | Promise<void>;

/** The browser scheduling APIs hydration uses (globalThis's by default). */
export interface HydrateEnv {
  requestIdleCallback?: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  IntersectionObserver?: new (
    callback: (entries: { isIntersecting: boolean }[], observer: { disconnect(): void }) => void,
    options?: { rootMargin?: string },
  ) => { observe(element: Element): void; disconnect(): void };
  /** Where failures are reported. */
  logError: (error: Error) => void;
}

/** The env of the running browser. */
export function browserEnv(): HydrateEnv {
  const g = globalThis as unknown as Partial<HydrateEnv> & typeof globalThis;
  return {
    requestIdleCallback: typeof g.requestIdleCallback === 'function' ? (cb) => g.requestIdleCallback!(cb) : undefined,
    setTimeout: (cb, ms) => g.setTimeout(cb, ms),
    IntersectionObserver: g.IntersectionObserver as HydrateEnv['IntersectionObserver'],
    logError: (error) => console.error(error, error.cause),
  };
}

/** The island's props, parsed from the props script that follows it. */
export function readIslandProps(element: Element): object {
  const script = element.nextElementSibling;
  if (!script || !script.matches('script[data-island-props]')) {
    throw new Error('no script[data-island-props] after it');
  }
  // A value several islands share is written once per page (ui/sharedProps.ts): `{"$shared":KEY}`
  // stands for the JSON of the page's script[data-island-shared=KEY]. Terse: every page loads this.
  const props: unknown = JSON.parse(script.textContent ?? '', (_name, value: { $shared?: unknown } | null) =>
    typeof value?.$shared === 'string' ? JSON.parse(element.ownerDocument.querySelector(`script[data-island-shared="${value.$shared}"]`)!.textContent!) : value,
  );
  if (props === null || typeof props !== 'object') throw new Error('props not an object');
  return props;
}

/** Runs `run` at the moment `when` asks for. */
export function schedule({ when, element, run, env }: { when: string | null; element: Element; run: () => void; env: HydrateEnv }): void {
  if (when === 'idle') {
    if (env.requestIdleCallback) env.requestIdleCallback(run);
    else env.setTimeout(run, 200);
    return;
  }
  if (when === 'visible' && env.IntersectionObserver) {
    const observer = new env.IntersectionObserver(
      (entries, self) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          self.disconnect();
          run();
        }
      },
      { rootMargin: '200px' },
    );
    // The island wrapper is `display: contents` and has no box, so an observer on it never
    // fires: watch the elements it renders instead.
    const children = Array.from(element.children ?? []);
    const targets = children.length > 0 ? children : [element];
    for (const target of targets) observer.observe(target);
    return;
  }
  // 'load', an unknown value, or 'visible' without IntersectionObserver: hydrate now.
  run();
}

/** Loads and hydrates one island; resolves false (after logging) when it fails. */
export async function hydrateIsland({
  element,
  registry,
  hydrate,
  env,
}: {
  element: Element;
  registry: Record<string, IslandLoader>;
  hydrate: HydrateFn;
  env: HydrateEnv;
}): Promise<boolean> {
  const name = element.getAttribute('data-island') ?? '';
  try {
    const load = registry[name];
    if (!load) throw new Error('not in runtime/islandRegistry.ts');
    const props = readIslandProps(element);
    const component = await load();
    await hydrate(element, component, props);
    element.setAttribute('data-hydrated', '');
    return true;
  } catch (cause) {
    env.logError(new Error(`Island "${name}" was not hydrated; its server HTML stays`, { cause }));
    return false;
  }
}

/** Schedules every island under `root`; returns how many were found. */
export function hydrateIslands({
  root,
  registry,
  hydrate,
  env = browserEnv(),
}: {
  root: ParentNode;
  registry: Record<string, IslandLoader>;
  hydrate: HydrateFn;
  env?: HydrateEnv;
}): number {
  const elements = [...root.querySelectorAll('[data-island]')].filter((element) => !element.hasAttribute('data-hydrated'));
  for (const element of elements) {
    schedule({
      when: element.getAttribute('data-when'),
      element,
      env,
      run: () => void hydrateIsland({ element, registry, hydrate, env }),
    });
  }
  return elements.length;
}
