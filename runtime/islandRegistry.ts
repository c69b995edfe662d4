/**
 * Island name -> lazy loader of its component. Each entry is a dynamic import so esbuild splits
 * every island into its own chunk, fetched only on pages whose HTML contains that island.
 * Later issues add their islands here; the name must match the one given to ui/Island.tsx.
 */
import type { ComponentType } from 'react';

/** Loads an island's component. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are the island's own JSON, checked by its component
export type IslandLoader = () => Promise<ComponentType<any>>;

/** Every island the runtime can hydrate. */
export const islandRegistry: Record<string, IslandLoader> = {
  HeaderMenu: () => import('../ui/islands/HeaderMenu.tsx').then((module) => module.HeaderMenu),
  SearchApp: () => import('../ui/search/SearchApp.tsx').then((module) => module.SearchApp),
  Autocomplete: () => import('../ui/search/Autocomplete.tsx').then((module) => module.Autocomplete),
  ShowMeCars: () => import('../ui/search/ShowMeCars.tsx').then((module) => module.ShowMeCars),
};
