import { describe, expect, it } from 'vitest';
import { bodyFilterSlug, modelNavLabel, shortDescription, shownBodyGroups } from './models.ts';
import { modelHref, modelsPath } from './routes/paths.ts';

describe('models', () => {
  it.each([
    [
      { name: 'RAV4', status: 'new', fuel: 'Hybrid' },
      { prefix: 'ALL-NEW', name: 'RAV4', tag: '(HYBRID)' },
    ],
    [
      { name: 'Corolla', status: 'current', fuel: 'Petrol' },
      { prefix: null, name: 'Corolla', tag: null },
    ],
    [
      { name: 'Camry', status: null, fuel: 'hybrid' },
      { prefix: null, name: 'Camry', tag: '(HYBRID)' },
    ],
    [
      { name: 'bZ4X', status: 'New', fuel: 'Electric' },
      { prefix: 'ALL-NEW', name: 'bZ4X', tag: null },
    ],
  ])('%o -> %o', (model, label) => expect(modelNavLabel({ model })).toEqual(label));

  it.each([
    ['a'.repeat(74), 74],
    ['a'.repeat(75), 75],
    ['a'.repeat(76), 75],
    [null, 0],
  ])('short description of length %#', (text, length) => expect(shortDescription(text)).toHaveLength(length));

  it.each([
    ['SUV', 'suv'],
    ['Cab Chassis', 'cab-chassis'],
    ['People Mover & Van', 'people-mover-van'],
    ['all', 'all'],
  ])('body %s -> %s', (body, slug) => expect(bodyFilterSlug(body)).toBe(slug));

  const SLUGS = ['suv', 'sedan', 'coupe'];
  it.each([
    ['suv', ['suv']],
    ['SUV', ['suv']],
    ['coupe', ['coupe']],
    ['all', SLUGS],
    [null, SLUGS],
    ['', SLUGS],
    ['ute', SLUGS],
  ])('/models?body=%s shows %o', (body, shown) => expect(shownBodyGroups({ body, slugs: SLUGS })).toEqual(shown));

  it('a body filter link ends at its group anchor (works without JavaScript); all and the plain listing have none', () => {
    expect(modelsPath({ body: 'suv' })).toBe('/models?body=suv#body-suv');
    expect(modelsPath({ body: 'cab-chassis' })).toBe('/models?body=cab-chassis#body-cab-chassis');
    expect(modelsPath({ body: 'all' })).toBe('/models?body=all');
    expect(modelsPath()).toBe('/models');
  });

  it('uses the override url when present', () => {
    expect(modelHref({ model: { slug: 'rav4', override_url: null } })).toBe('/rav4');
    expect(modelHref({ model: { slug: 'rav4', override_url: 'https://toyota.example/rav4' } })).toBe('https://toyota.example/rav4');
  });
});
