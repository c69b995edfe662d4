/**
 * Browser entry (bundled by renderer/bundle.ts: ESM, split, minified, hashed; loaded as a deferred
 * module script). Hydrates the page's islands. React is imported lazily so it is fetched only
 * once an island actually hydrates.
 */
import { commonJs, hydrateIslands, type HydrateFn } from './hydrate.ts';
import { islandRegistry } from './islandRegistry.ts';

const hydrate: HydrateFn = async (element, component, props) => {
  const [react, client] = await Promise.all([import('react'), import('react-dom/client')]);
  const { createElement } = commonJs(react);
  const { hydrateRoot } = commonJs(client);
  hydrateRoot(element, createElement(component, props), {
    // A mismatch React recovers from is worth a warning, not a broken page.
    onRecoverableError: (error) => console.warn('Island hydration recovered from an error', error),
  });
};

hydrateIslands({ root: document, registry: islandRegistry, hydrate });
