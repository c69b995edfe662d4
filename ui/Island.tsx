/**
 * An island: a component rendered on the server and hydrated in the browser from escaped JSON
 * props. Everything outside islands ships no component code (docs/architecture.md "Islands").
 *
 * The runtime (`runtime/hydrate.ts`) finds `[data-island]`, reads the props script that
 * follows it, loads the named component's chunk and hydrates the wrapper with the same props,
 * so the server markup and the first client render match.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { islandPropsJson } from './sharedProps.ts';

/**
 * True inside an island. An island rendered inside another (a car card's favourite toggle in the
 * search results island) is part of the outer island's tree: it renders plainly, without its
 * own wrapper, so the runtime never hydrates a root inside another root.
 */
const InsideIsland = createContext(false);

/**
 * Marks its children as inside an island, so nested Islands render plainly. An island component
 * whose tree holds other islands (the search results' car cards with their favourite toggles)
 * wraps its output in this: in the browser it is hydrated as a root without the server's
 * wrapper, and its first client render must still equal the server HTML.
 */
export function InsideIslandBoundary({ children }: { children: ReactNode }) {
  return <InsideIsland.Provider value={true}>{children}</InsideIsland.Provider>;
}

/** When an island hydrates: at load, when the browser is idle, or when it scrolls into view. */
export type HydrateWhen = 'load' | 'idle' | 'visible';

/** Props of {@link Island}. */
export interface IslandProps<P extends object> {
  /** Registry name; must be a key of `runtime/islandRegistry.ts`. */
  name: string;
  component: ComponentType<P>;
  props: P;
  when?: HydrateWhen;
  /** A span wrapper instead of a div, for an island inside phrasing content (a number in a paragraph of the banner). */
  inline?: boolean;
  /**
   * The component's markup for exactly these props, rendered beforehand by React (a car's gallery:
   * renderer/photos/galleryCache.ts): the wrapper holds it as it is, byte for byte what rendering
   * the component here would give.
   */
  html?: string;
}

/** Renders `component` with `props` inside a hydration wrapper. */
export function Island<P extends object>({ name, component: Component, props, when = 'load', inline = false, html }: IslandProps<P>) {
  if (useContext(InsideIsland)) return <Component {...props} />;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <>
      {html === undefined ? (
        <Wrapper data-island={name} data-when={when} style={{ display: 'contents' }}>
          <InsideIsland.Provider value={true}>
            <Component {...props} />
          </InsideIsland.Provider>
        </Wrapper>
      ) : (
        <Wrapper data-island={name} data-when={when} style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }} />
    </>
  );
}
