/**
 * Wraps an island component in the browser services provider (ui/islandServices.ts). Part of
 * runtime/islandCore.ts, loaded with the first island, so pages without islands load neither
 * React nor the services.
 */
import { createElement, type ComponentType } from 'react';
import { IslandServicesContext } from '../../ui/islandServices.ts';
import { getServices } from './browserServices.ts';

const wrapped = new WeakMap<ComponentType<object>, ComponentType<object>>();

/** `component` rendered inside the page's services context. */
export function withServices<P extends object>(component: ComponentType<P>): ComponentType<P> {
  const key = component as ComponentType<object>;
  const known = wrapped.get(key);
  if (known) return known as ComponentType<P>;
  // Services are created at first render (in the browser), not when the chunk loads.
  const Serviced = (props: P) => createElement(IslandServicesContext.Provider, { value: getServices() }, createElement(component, props));
  Serviced.displayName = `Serviced(${component.displayName ?? component.name ?? 'Island'})`;
  wrapped.set(key, Serviced as ComponentType<object>);
  return Serviced;
}
