import Handlebars from 'handlebars';
import { describe, expect, it, vi } from 'vitest';
import { compileMetaTemplates, pageMeta, MAX_DESCRIPTION } from './meta.ts';
import { createBuildSession } from './buildSession.ts';
import { DATA, ROUTES, SITE, CARS, propsFor } from '../fixtures/sites/harbourside.ts';
import type { RouteKind } from '../ui/route.ts';

describe('pageMeta', () => {
  it('titles a car page from the car template', () => {
    const meta = pageMeta(propsFor('car'));
    expect(meta.title).toBe('2023 Toyota Corolla Ascent Sport for sale | Harbourside Motors');
    expect(meta.metaType).toBe('product');
    expect(meta.metaDescription).toContain('$28,990');
    expect(meta.canonical).toBe(`https://www.harbourside.example.com/cars/${CARS[0].slug}`);
    expect(meta.metaImage).toBe('https://cdn.example.com/cars/1/1.jpg?w=1280&auto=format&q=75');
    expect(meta.keywords).toContain('Toyota');
  });

  it('leaves out the stock number sentence when the car has none', () => {
    const route = { ...ROUTES.car, car: { ...CARS[0], stocknum: null } };
    const { metaDescription } = pageMeta({ site: SITE, route, data: DATA });
    expect(metaDescription).not.toContain('Stock number');
    expect(pageMeta(propsFor('car')).metaDescription).toContain('Stock number U1234.');
  });

  it('collapses the gap an empty badge leaves', () => {
    const route = { ...ROUTES.car, car: { ...CARS[0], badge: null } };
    expect(pageMeta({ site: SITE, route, data: DATA }).title).toBe('2023 Toyota Corolla for sale | Harbourside Motors');
  });

  it('names the make once when the model says it (domain/carName.ts)', () => {
    const car = { ...CARS[0], make: 'Polestar', model: 'Polestar 2', badge: 'Standard Range', year: 2026 };
    const meta = pageMeta({ site: SITE, route: { ...ROUTES.car, car }, data: DATA });
    expect(meta.title).toBe('2026 Polestar 2 Standard Range for sale | Harbourside Motors');
    expect(meta.metaDescription).toMatch(/^2026 Polestar 2 Standard Range /);
  });

  it('gives every route kind a title, description and canonical', () => {
    for (const kind of Object.keys(ROUTES) as RouteKind[]) {
      const meta = pageMeta(propsFor(kind));
      expect(meta.title, kind).toMatch(/^\S.*\| .*\S$/);
      expect(meta.title, kind).toContain('Harbourside Motors');
      expect(meta.metaDescription.length, kind).toBeGreaterThan(10);
      expect(meta.metaDescription.length, kind).toBeLessThanOrEqual(MAX_DESCRIPTION);
      expect(meta.canonical, kind).toBe(`https://www.harbourside.example.com${ROUTES[kind].canonicalPath ?? ROUTES[kind].path}`);
      expect(meta.metaType, kind).toMatch(/^(website|product)$/);
    }
  });

  it('counts the cars of a search scope', () => {
    expect(pageMeta(propsFor('search')).metaDescription).toMatch(/^Browse 2 Used Cars for sale/);
  });

  it('keeps titles as text: no HTML escaping (the document escapes once)', () => {
    const site = { ...SITE, name: 'Tom & Jerry <Cars>' };
    expect(pageMeta({ site, route: ROUTES.home, data: DATA }).title).toBe('Tom & Jerry <Cars> | New, Used & Demo Cars in Newcastle');
  });

  it('uses site-relative images as absolute URLs and never an unsafe one', () => {
    const site = { ...SITE, meta: { ...SITE.meta, image: 'javascript:alert(1)' }, logo: { url: '/assets/logo.png' } };
    expect(pageMeta({ site, route: ROUTES.contact, data: DATA }).metaImage).toBe('https://www.harbourside.example.com/assets/logo.png');
  });

  it("gives a car page's preview its first photo, or the placeholder, with the size when it is known", () => {
    const first = pageMeta(propsFor('car'));
    // Through the image service (imgix by default) at a width social sites accept.
    expect(first.metaImage).toBe('https://cdn.example.com/cars/1/1.jpg?w=1280&auto=format&q=75');
    // A feed photo's size is unknown: no width or height rather than a wrong one.
    expect(first.metaImageWidth).toBeUndefined();
    const shared = { ...CARS[0], images: [{ image: { url: '/assets/shared/cars/suv-2.svg' } }, { image: { url: '/assets/shared/cars/suv-1.svg' } }] };
    expect(pageMeta({ site: SITE, route: { ...ROUTES.car, car: shared }, data: DATA })).toMatchObject({
      metaImage: 'https://www.harbourside.example.com/assets/shared/cars/suv-2.svg',
      metaImageWidth: 800,
      metaImageHeight: 500,
    });
    const bare = { ...CARS[0], images: [], primary_image_url: null };
    expect(pageMeta({ site: SITE, route: { ...ROUTES.car, car: bare }, data: DATA })).toMatchObject({
      metaImage: 'https://www.harbourside.example.com/assets/shared/cars/no-photo.svg',
      metaImageWidth: 800,
      metaImageHeight: 500,
    });
  });

  // Speed itself is measured by `npm run bench`; this holds the design that makes it fast.
  it('compiles the templates once per build session, never per page', () => {
    const session = createBuildSession();
    const props = { ...propsFor('car'), templates: session.metaTemplates() };
    pageMeta(props);
    const create = vi.spyOn(Handlebars, 'create');
    for (let i = 0; i < 50; i++) pageMeta({ ...props, templates: session.metaTemplates() });
    expect(create).not.toHaveBeenCalled();
    create.mockRestore();
  });

  it('reports a template that does not compile with its kind', () => {
    expect(() => compileMetaTemplates('car:\n  title: "{{#if x}}open"\n')).toThrow(/'car'/);
    expect(() => compileMetaTemplates('car:\n  description: "x"\n')).toThrow(/no title/);
  });
});
