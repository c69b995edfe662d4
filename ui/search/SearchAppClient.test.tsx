import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { SITE, DATA, ROUTES } from '../../fixtures/sites/harbourside.ts';
import { buildSiteData } from '../../renderer/siteData.ts';
import { IslandCarHits } from './CarHits.tsx';
import { SearchApp as ServerSearchApp } from './SearchApp.tsx';
import { SearchApp as ClientSearchApp, loadCarHits } from './SearchAppClient.tsx';
import { searchAppProps } from './searchAppProps.ts';

const cars = Array.from({ length: 30 }, (_, i) => ({ ...DATA.cars[0], id: 700 + i, slug: `car-${i}`, car_type: 'used' as const }));
// The siteData stage derives the search entries from the cars, as generate does.
const props = searchAppProps({ site: SITE, route: ROUTES.search, data: buildSiteData({ site: SITE, cars, assets: DATA.assets }) });
const listId = `${props.idPrefix}-hits`;

/** React hoists the eager images' preload links out of the markup (into the head): not the island's HTML. */
const PRELOAD = /<link rel="preload"[^>]*>/g;

/** The inside of the server's list, as the browser's DOM holds it before hydration. */
function serverListInner(): string {
  const list = renderToString(<IslandCarHits result={props.initial} settings={props.settings} id={listId} prerendered />).replace(PRELOAD, '');
  const open = list.indexOf('>') + 1;
  return list.slice(open, list.length - '</ul>'.length);
}

const g = globalThis as { document?: unknown };
afterEach(() => {
  delete g.document;
});

describe('the search island in the browser', () => {
  it('prerenders the cards in a list the browser can find, their toggles part of the island', () => {
    const html = renderToString(<ServerSearchApp {...props} />);
    expect(html).toContain(`<ul id="${listId}" class="car-grid">`);
    expect(html.match(/data-favourite-id=/g)).toHaveLength(21);
    expect(html).not.toContain('data-island');
  });

  it('renders first exactly the server HTML, keeping the list as the server drew it', () => {
    const server = renderToString(<ServerSearchApp {...props} />).replace(PRELOAD, '');
    const inner = serverListInner();
    g.document = { getElementById: (id: string) => (id === listId ? { innerHTML: inner } : null) };
    const client = renderToString(<ClientSearchApp {...JSON.parse(JSON.stringify(props))} />);
    expect(client).toBe(server);
  });

  it('loads the card list for new answers, whose toggles belong to the island (no wrappers)', async () => {
    const Cards = await loadCarHits();
    const html = renderToString(<Cards result={{ ...props.initial, page: 2 }} settings={props.settings} id={listId} prerendered={false} />);
    expect(html.match(/class="car-card"/g)).toHaveLength(21);
    expect(html).not.toContain('data-island');
    expect(html).toContain('data-favourite-id="700"');
  });
});
