/**
 * Text tokens for the search box: the static engine's token index, its brute-force reference
 * and the index builder all split text here, so "prefix match on make/model/badge/name tokens"
 * means one thing.
 */

/** Fields whose tokens the text query matches. */
export const TEXT_FIELDS = ['make', 'model', 'badge', 'name'] as const;

/** Lowercase words of letters and digits; everything else separates. */
export function tokenize(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * Does every query token prefix some document token (with `typos`, within its typo budget)? An
 * empty query matches everything. The brute-force definition the static engine must agree with.
 */
export function matchesText({ queryTokens, docTokens, typos = false }: { queryTokens: string[]; docTokens: Iterable<string>; typos?: boolean }): boolean {
  const tokens = [...docTokens];
  return queryTokens.every((q) => tokens.some((t) => prefixWithinTypos({ word: q, token: t, typos: typos ? typoBudget(q) : 0 })));
}

/**
 * Typos a query word may carry, as Meilisearch counts them by default (typoTolerance
 * minWordSizeForTypos: one typo from 5 letters, two from 9), so 'toyta' finds Toyota on the
 * static engine as it does on Meilisearch. Shorter words must match exactly.
 */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * Is `word` within `typos` edits (insert, delete, substitute, swap two neighbours: Meilisearch's
 * automata count a transposition as one typo) of some prefix of `token`? The first letter must
 * match: Meilisearch counts a typo there as two, and it bounds the search to the tokens of one
 * letter. A bounded edit distance over two rows, abandoned as soon as a row is past the budget.
 */
export function prefixWithinTypos({ word, token, typos }: { word: string; token: string; typos: number }): boolean {
  if (word.length === 0) return true;
  if (token.length === 0 || token[0] !== word[0]) return false;
  if (typos === 0) return token.startsWith(word);
  // row[j]: edits turning word[0..i) into token[0..j); the prefix of the token may end anywhere.
  const width = Math.min(token.length, word.length + typos);
  let before = new Int32Array(width + 1);
  let row = new Int32Array(width + 1);
  for (let j = 0; j <= width; j++) row[j] = j;
  for (let i = 1; i <= word.length; i++) {
    const next = new Int32Array(width + 1);
    next[0] = i;
    let best = i;
    for (let j = 1; j <= width; j++) {
      const cost = word[i - 1] === token[j - 1] ? 0 : 1;
      let d = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
      if (i > 1 && j > 1 && word[i - 1] === token[j - 2] && word[i - 2] === token[j - 1]) d = Math.min(d, before[j - 2] + 1);
      next[j] = d;
      if (d < best) best = d;
    }
    if (best > typos) return false;
    before = row;
    row = next;
  }
  let min = Infinity;
  for (let j = 0; j <= width; j++) if (row[j] < min) min = row[j];
  return min <= typos;
}
