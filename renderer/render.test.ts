import { describe, expect, it } from 'vitest';
import type { Route } from '../ui/route.ts';
import { makeCar, makeSite } from '../fixtures/sites/bayside.ts';
import { standInRenderers } from '../fixtures/build/renderers.tsx';
import { buildSiteData } from './siteData.ts';
import { renderPages } from './render.ts';

const site = makeSite();
const data = buildSiteData({ site, cars: [makeCar({ id: 1 })], assets: { css: '/assets/site-1.css', runtime: '/assets/runtime-1.js' } });
const routes: Route[] = [
  { path: '/', kind: 'home', indexable: true },
  { path: '/cars/2024-toyota-corolla-1', kind: 'car', indexable: true, car: data.cars[0] },
  { path: '/privacy-policy', kind: 'privacy', indexable: true, page: { path: '/privacy-policy', title: 'Privacy Policy of Bayside Cars', blocks: [] } },
  { path: '/404', kind: 'not-found', indexable: false },
];

describe('renderPages', () => {
  it('renders each route into its output file, with the shell rendered once', () => {
    let shells = 0;
    const renderers = standInRenderers();
    const shell = renderers.renderShell;
    const done: number[] = [];
    const result = renderPages({ site, routes, data, renderers: { ...renderers, renderShell: (a) => (shells++, shell(a)) }, onPage: (n) => done.push(n) });
    expect(result.errors).toEqual([]);
    expect(shells).toBe(1);
    expect(result.pages.map((p) => p.file)).toEqual(['index.html', 'cars/2024-toyota-corolla-1/index.html', 'privacy-policy/index.html', '404.html']);
    expect(result.pages[1].html).toContain('<main id="main"><h1>2024 Toyota Corolla Ascent</h1>');
    expect(done).toEqual([1, 2, 3, 4]);
  });

  it('collects a failing page as a value and renders the rest', () => {
    const renderers = standInRenderers({
      structuredData: ({ route }) => {
        if (route.kind === 'car') throw new Error('bad car');
        return [];
      },
    });
    const result = renderPages({ site, routes, data, renderers });
    expect(result.pages.map((p) => p.route.path)).toEqual(['/', '/privacy-policy', '/404']);
    expect(result.errors).toEqual([{ path: '/cars/2024-toyota-corolla-1', error: new Error('bad car') }]);
  });

  it('fails every page, not just the first, when the shell throws', () => {
    const renderers = standInRenderers({
      renderShell: () => {
        throw new Error('Cannot run without navigation');
      },
    });
    const result = renderPages({ site, routes, data, renderers });
    expect(result.pages).toEqual([]);
    expect(result.errors.map((e) => e.path)).toEqual(routes.map((r) => r.path));
    expect(result.errors[0].error.message).toContain('Cannot run without navigation');
  });
});
