/**
 * Browser entry (bundled by renderer/bundle.ts: ESM, split, minified, hashed; loaded as a deferred
 * module script). Hydrates the page's islands. React and the services (runtime/islandCore.ts) are
 * imported lazily, so they are fetched only once an island actually hydrates.
 */
import { hydrateIslands, type HydrateFn } from './hydrate.ts';
import { islandRegistry } from './islandRegistry.ts';

const hydrate: HydrateFn = async (element, component, props) => {
  const { mountIsland } = await import('./islandCore.ts');
  mountIsland({ element, component, props });
};

hydrateIslands({ root: document, registry: islandRegistry, hydrate });
