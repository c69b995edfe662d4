import { describe, expect, it } from 'vitest';
import { ratingText, showRating, starParts } from './reviews.ts';

describe('stars', () => {
  it.each([
    [4.8, 4, 0.8, '4.8'],
    ['4.8', 4, 0.8, '4.8'],
    [5, 4, 1, '5.0'],
    [4, 4, 0, '4.0'],
    [3.95, 3, 0.95, '4.0'],
    [0, 0, 0, '0.0'],
    [7, 4, 1, '5.0'],
    ['junk', 0, 0, '0.0'],
    [null, 0, 0, '0.0'],
  ])('%s -> %s full + %s, %s', (rating, full, partial, text) => expect(starParts({ rating })).toEqual({ full, partial, text }));

  it('text with count', () => {
    expect(ratingText({ rating: '4.8', count: 272 })).toBe('4.8 (272 reviews)');
    expect(ratingText({ rating: 5, count: 1 })).toBe('5.0 (1 review)');
  });

  it.each([
    [4.5, 4.5, true],
    [4.4, 4.5, false],
    [0, 0, false],
    [3, undefined, true],
  ])('rating %s with minimum %s -> %s', (rating, min, shown) => expect(showRating({ rating, min })).toBe(shown));
});
