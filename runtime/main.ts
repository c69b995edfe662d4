/**
 * Browser entry (bundled by renderer/bundle.ts: ESM, split, minified, hashed; loaded as a deferred
 * module script, so nothing here blocks the first paint). Hydrates the page's islands.
 *
 * The core (React, the services: runtime/islandCore.ts) is a static import. A page loads this
 * script only when it has an island, and the header menu hydrates at load on every page, so the
 * core is always needed at once: fetched with the entry it costs no extra round trip, and esbuild's
 * helpers share its chunk instead of a stream of their own. Island code stays lazy (the registry).
 */
import { hydrateIslands, type HydrateFn } from './hydrate.ts';
import { mountIsland } from './islandCore.ts';
import { islandRegistry } from './islandRegistry.ts';
import { installDialogInvokers } from './dialogInvokers.ts';

// Resolves when React has committed: only then does the runtime mark the island data-hydrated.
const hydrate: HydrateFn = (element, component, props) => mountIsland({ element, component, props });

hydrateIslands({ root: document, registry: islandRegistry, hydrate });

installDialogInvokers({ root: document, native: 'commandForElement' in HTMLButtonElement.prototype });
