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

/** Does every query token prefix some document token? An empty query matches everything. */
export function matchesText({ queryTokens, docTokens }: { queryTokens: string[]; docTokens: Iterable<string> }): boolean {
  const tokens = [...docTokens];
  return queryTokens.every((q) => tokens.some((t) => t.startsWith(q)));
}
