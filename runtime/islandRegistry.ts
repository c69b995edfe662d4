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
  // Shopper islands (issue 5): each is wrapped in the browser services provider (ui/islandServices.ts).
  FavouriteToggle: () => import('../ui/islands/FavouriteToggle.tsx').then((module) => serviced(module.FavouriteToggle)),
  FavouritesCount: () => import('../ui/islands/FavouritesCount.tsx').then((module) => serviced(module.FavouritesCount)),
  CompareStrip: () => import('../ui/islands/CompareStrip.tsx').then((module) => serviced(module.CompareStrip)),
  SavedCars: () => import('../ui/islands/SavedCars.tsx').then((module) => serviced(module.SavedCars)),
  PhoneReveal: () => import('../ui/islands/PhoneReveal.tsx').then((module) => serviced(module.PhoneReveal)),
  LeadFormButton: () => import('../ui/islands/LeadFormButton.tsx').then((module) => serviced(module.LeadFormButton)),
  InlineLeadForm: () => import('../ui/islands/InlineLeadForm.tsx').then((module) => serviced(module.InlineLeadForm)),
  ChatButton: () => import('../ui/islands/ChatButton.tsx').then((module) => serviced(module.ChatButton)),
  Gallery: () => import('../ui/islands/Gallery.tsx').then((module) => module.Gallery),
  InfoDialog: () => import('../ui/islands/InfoDialog.tsx').then((module) => module.InfoDialog),
  SuccessDetails: () => import('../ui/islands/SuccessDetails.tsx').then((module) => serviced(module.SuccessDetails)),
};

/**
 * The island inside the page's services context. The services (and their storage, signals and
 * lead client) load with the first island that needs them, never with the runtime entry.
 */
function serviced(component: ComponentType<any>): Promise<ComponentType<any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return import('./services/provide.ts').then((module) => module.withServices(component));
}
