/**
 * What a shopper reads on a generated page, for `diff`: the title and the visible text as lines
 * (scripts, styles, island props and JSON-LD left out; tags dropped, entities decoded), and a
 * short human summary of what changed between two versions of a page, e.g.
 * `price $24,990 -> $23,990` or `title '2024 Corolla' -> '2024 Corolla (Sold)'`.
 */

import { islandTags } from './check.ts';

/** The text of one page. */
export interface PageText {
  title: string;
  /** Visible text, one entry per block (paragraph, cell, heading, button ...), in page order. */
  lines: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Decodes the character references React and our templates write. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Tags that start a new line of text (block-level, table cells, controls). */
const BLOCK =
  /^(?:address|article|aside|blockquote|br|button|caption|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|label|legend|li|main|nav|ol|option|p|section|select|summary|table|tbody|td|th|thead|tr|ul)$/i;

/** The title and visible lines of an HTML page. */
export function pageText(html: string): PageText {
  const title = decode(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '').trim();
  const body = (/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '\n');
  const text = body.replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_tag, name: string) => (BLOCK.test(name) ? '\n' : ''));
  const lines = decode(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return { title, lines };
}

/** Counts of each line. */
function counts(lines: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
  return map;
}

/** The lines of `a` not in `b` (as many times as `a` has more of them), in `a`'s order. */
function minus(a: string[], b: string[]): string[] {
  const left = counts(b);
  const out: string[] = [];
  for (const line of a) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else out.push(line);
  }
  return out;
}

/** A money amount as pages print it: '$24,990', 'NZ$1,200', '$89.95'. */
const MONEY = /^[A-Z]{0,3}[$€£¥]\s?\d[\d,]*(?:\.\d+)?$/;

/** At most `max` characters of `text`, with an ellipsis when cut. */
function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * One changed line as what changed in it: the words between the common start and end; a money
 * amount is named a price.
 */
function describePair(before: string, after: string): string {
  const a = before.split(' ');
  const b = after.split(' ');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  const from = a.slice(start, a.length - end).join(' ');
  const to = b.slice(start, b.length - end).join(' ');
  if (MONEY.test(from) && MONEY.test(to)) return `price ${from} -> ${to}`;
  // Words only added or only removed read better as the whole line.
  if (from && to) return `'${clip(from)}' -> '${clip(to)}'`;
  return `'${clip(before)}' -> '${clip(after)}'`;
}

/** Every leaf value of the page's JSON-LD blocks by its key path (the last key names it). */
function jsonLdLeaves(html: string): Map<string, string> {
  const leaves = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    else leaves.set(path, String(value));
  };
  let block = 0;
  for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    try {
      walk(JSON.parse(match[1]), String((block += 1)));
    } catch {
      leaves.set(`${(block += 1)}`, match[1]);
    }
  }
  return leaves;
}

/** What changed in the page's structured data alone: 'structured data priceRange '$1' -> '$2''. */
function structuredDataChanges(before: string, after: string): string[] {
  const [a, b] = [jsonLdLeaves(before), jsonLdLeaves(after)];
  const changes: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(key) === b.get(key)) continue;
    const name =
      key
        .split('.')
        .filter((part) => !/^\d+$/.test(part))
        .at(-1) ?? 'value';
    changes.push(`structured data ${name} '${clip(a.get(key) ?? '')}' -> '${clip(b.get(key) ?? '')}'`);
  }
  return changes;
}

/**
 * Each island of the page (ui/Island.tsx: its wrapper, then its props script) as its name and its
 * props JSON, in page order. Nested islands render without either, so the two lists pair up.
 */
function islandData(html: string): { name: string; props: string }[] {
  const names = [...islandTags(html)].map((island) => island.name);
  const props = [...html.matchAll(/<script type="application\/json" data-island-props="">([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return names.map((name, index) => ({ name, props: props[index] ?? '' }));
}

/** The islands whose data alone changed: 'island data ShowMeCars' (what a page's script starts from). */
function islandDataChanges(before: string, after: string): string[] {
  const [a, b] = [islandData(before), islandData(after)];
  const changed = new Set<string>();
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i]?.name === b[i]?.name && a[i]?.props === b[i]?.props) continue;
    for (const island of [a[i], b[i]]) if (island) changed.add(island.name);
  }
  return [...changed].map((name) => `island data ${name}`);
}

/** How many lines of a summary are listed before '... and N more'. */
const SUMMARY_LINES = 5;

/**
 * A short summary of what a shopper sees change between two versions of a page: a title change,
 * changed lines paired in page order (a price change named as such), lines added and removed,
 * lines only reordered, or a change of markup alone: structured data, the data an island starts
 * from (by island), or else attributes and scripts.
 */
export function summarisePageChange({ before, after }: { before: string; after: string }): string[] {
  const [a, b] = [pageText(before), pageText(after)];
  const changes: string[] = [];
  if (a.title !== b.title) changes.push(`title '${clip(a.title)}' -> '${clip(b.title)}'`);
  const removed = minus(a.lines, b.lines);
  const added = minus(b.lines, a.lines);
  const paired = Math.min(removed.length, added.length);
  for (let i = 0; i < paired; i++) changes.push(describePair(removed[i], added[i]));
  for (const line of removed.slice(paired)) changes.push(`removed '${clip(line)}'`);
  for (const line of added.slice(paired)) changes.push(`added '${clip(line)}'`);
  if (changes.length === 0 && a.lines.join('\n') !== b.lines.join('\n')) changes.push('order of items changed');
  if (changes.length === 0) changes.push(...structuredDataChanges(before, after), ...islandDataChanges(before, after));
  const unique = [...new Set(changes)];
  if (unique.length === 0) return ['markup only (page scripts or attributes)'];
  if (unique.length <= SUMMARY_LINES) return unique;
  return [...unique.slice(0, SUMMARY_LINES), `... and ${unique.length - SUMMARY_LINES} more`];
}
