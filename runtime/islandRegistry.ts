/**
 * Island name -> lazy loader of its component. Each entry is a dynamic import so esbuild splits
 * every island into its own chunk, fetched only on pages whose HTML contains that island.
 * Later issues add their islands here; the name must match the one given to ui/Island.tsx.
 */
import type { ComponentType } from 'react';

/** Loads an island's component. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are the island's own JSON, checked by its component
export type IslandLoader = () => Promise<ComponentType<any>>;

/**
 * Every island the runtime can hydrate. runtime/islandCore.ts mounts each inside the browser
 * services provider (ui/islandServices.ts), so islands nested in another island's markup (a car
 * card's favourite toggle inside the search results) work too, and every page with an island
 * records the visit (SPEC §3 lead_attributes).
 */
export const islandRegistry: Record<string, IslandLoader> = {
  HeaderMenu: () => import('../ui/islands/HeaderMenu.tsx').then((module) => module.HeaderMenu),
  SearchApp: () => import('../ui/search/SearchAppClient.tsx').then((module) => module.SearchApp),
  Autocomplete: () => import('../ui/search/Autocomplete.tsx').then((module) => module.Autocomplete),
  ShowMeCars: () => import('../ui/search/ShowMeCars.tsx').then((module) => module.ShowMeCars),
  // Shopper islands.
  FavouriteToggle: () => import('../ui/islands/FavouriteToggle.tsx').then((module) => module.FavouriteToggle),
  FavouritesCount: () => import('../ui/islands/FavouritesCount.tsx').then((module) => module.FavouritesCount),
  CompareStrip: () => import('../ui/islands/CompareStripClient.tsx').then((module) => module.CompareStrip),
  SavedCars: () => import('../ui/islands/SavedCars.tsx').then((module) => module.SavedCars),
  PhoneReveal: () => import('../ui/islands/carPageIslands.ts').then((module) => module.PhoneReveal),
  LeadFormButton: () => import('../ui/islands/carPageIslands.ts').then((module) => module.LeadFormButton),
  FormOnDemand: () => import('../ui/islands/FormOnDemand.tsx').then((module) => module.FormOnDemand),
  ChatButton: () => import('../ui/islands/carPageIslands.ts').then((module) => module.ChatButton),
  Gallery: () => import('../ui/islands/carPageIslands.ts').then((module) => module.Gallery),
  ModelsBodyFilter: () => import('../ui/islands/ModelsBodyFilter.tsx').then((module) => module.ModelsBodyFilter),
  MapFacade: () => import('../ui/islands/MapFacade.tsx').then((module) => module.MapFacade),
  ConsentBanner: () => import('../ui/islands/ConsentBanner.tsx').then((module) => module.ConsentBanner),
  SuccessDetails: () => import('../ui/islands/SuccessDetails.tsx').then((module) => module.SuccessDetails),
  // Money flows and variants.
  ReserveFlow: () => import('../ui/money/ReserveFlow.tsx').then((module) => module.ReserveFlow),
  ReservationStatus: () => import('../ui/money/statusIslands.ts').then((module) => module.ReservationStatus),
  FinanceApplication: () => import('../ui/money/FinanceApplication.tsx').then((module) => module.FinanceApplication),
  ReviewWidget: () => import('../ui/money/statusIslands.ts').then((module) => module.ReviewWidget),
  TradeInOnDemand: () => import('../ui/money/TradeInOnDemand.tsx').then((module) => module.TradeInOnDemand),
};
