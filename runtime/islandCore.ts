/**
 * What every island needs before it can hydrate: React, react-dom's client, the JSX runtime and
 * the page's services provider. Imported by the entry (runtime/main.ts).
 *
 * renderer/bundle.ts makes every lazily loaded module import this file, so all of it lands in
 * ONE chunk — one gzip stream instead of a dozen small ones (each stream pays its own header and
 * starts its dictionary from nothing), and never code a page would not load anyway: a page loads
 * the runtime only when it has an island, and every island needs all of this.
 */
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
// Every island's JSX compiles to react/jsx-runtime: it belongs with React.
import 'react/jsx-runtime';
import { withServices } from './services/provide.ts';

/** Calls `onCommit` once React has committed its tree (hydration included), rendering nothing of its own. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // Once: the first commit is the hydration.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onCommit(), []);
  return children;
}

/**
 * Hydrates `component` with `props` over the server markup in `element`, inside the page's
 * services. Resolves once React has committed the hydration, so `data-hydrated` (set by the
 * runtime after this) means the island answers clicks — hydrateRoot itself returns before
 * React has done any of it.
 */
export function mountIsland({ element, component, props }: { element: Element; component: ComponentType<object>; props: object }): Promise<void> {
  return new Promise((resolve) => {
    const island = createElement(withServices(component), props);
    hydrateRoot(element, createElement(Committed, { onCommit: () => resolve(), children: island }), {
      // A mismatch React recovers from is worth a warning, not a broken page.
      onRecoverableError: (error) => console.warn('Island hydration recovered from an error', error),
    });
  });
}
