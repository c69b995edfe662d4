import { describe, expect, it } from 'vitest';
import { prefixWithinTypos, typoBudget } from './tokens.ts';

describe('typo tolerance (Meilisearch defaults: one typo from 5 letters, two from 9)', () => {
  it.each([
    ['', 0],
    ['toyt', 0],
    ['toyta', 1],
    ['corolla', 1],
    ['landcrui', 1],
    ['landcruis', 2],
  ])('%s may carry %i typos', (word, typos) => expect(typoBudget(word)).toBe(typos));

  it.each([
    ['toyta', 'toyota', 1, true], // a missing letter
    ['toyita', 'toyota', 1, true], // a wrong letter
    ['toyoota', 'toyota', 1, true], // an extra letter
    ['toyta', 'toyotas', 1, true], // a prefix of a longer token
    ['toyo', 'toyota', 0, true], // plain prefix
    ['toyt', 'toyota', 0, false],
    ['tuscon', 'tucson', 1, true], // two letters swapped: one typo
    ['tusocn', 'tucson', 1, false],
    ['toyta', 'toyota', 0, false],
    ['tyyyta', 'toyota', 1, false], // two edits
    ['royota', 'toyota', 2, false], // the first letter must match
    ['landcrusr', 'landcruiser', 2, true],
    ['landcrsr', 'landcruiser', 1, false],
    ['a', '', 1, false],
    ['', 'toyota', 1, true],
  ] as const)('%s within %s (%i typos): %s', (word, token, typos, ok) => expect(prefixWithinTypos({ word, token, typos })).toBe(ok));
});
