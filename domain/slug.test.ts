import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Brisbane Toyota', 'brisbane-toyota'],
    ['Škoda', 'skoda'],
    ['  Mercedes-Benz  ', 'mercedes-benz'],
    ['Cab Chassis & Ute', 'cab-chassis-ute'],
    ['', ''],
    ['---', ''],
  ])('%j -> %j', (text, slug) => {
    // Twice: the second answer comes from the cache and must be the same.
    expect(slugify(text)).toBe(slug);
    expect(slugify(text)).toBe(slug);
  });

  it('stays correct past the cache bound', () => {
    for (let i = 0; i < 12_000; i++) expect(slugify(`Model ${i} X`)).toBe(`model-${i}-x`);
    expect(slugify('Brisbane Toyota')).toBe('brisbane-toyota');
  });
});
