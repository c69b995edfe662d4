/**
 * A business rule lives once, in domain/ (DESIGN.md). This test scans the source (not the
 * tests) of the layers that call domain/ for tell-tale signs of a second implementation: a
 * phone pattern, a price formatter, a SPEC threshold compared literally, or a SPEC §5 message
 * typed out instead of imported. Each finding names file and line.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from './formMessages.ts';
import { PHONE_MESSAGES } from './phone.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED_DIRS = ['ui', 'runtime', 'server', 'search', 'renderer'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
const TEST = /\.(test|spec)\.[jt]sx?$/;

interface Rule {
  name: string;
  pattern: RegExp;
  use: string;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The tell-tale patterns, and the domain/ function to call instead. */
const RULES: Rule[] = [
  { name: 'phone pattern (0 then an area digit class)', pattern: /0\[[2-9][-2-9]*\]/, use: 'domain/phone.ts validatePhone' },
  { name: 'mobile phone pattern', pattern: /\(04\|\\?\+\?614\)|\^04\\d\{8\}/, use: 'domain/phone.ts validatePhone' },
  { name: 'country prefix normalising', pattern: /replace\(\s*\/\^?\\?\+?(?:00)?61/, use: 'domain/phone.ts normalisePhone' },
  { name: 'price formatting with toLocaleString', pattern: /toLocaleString\(\s*['"`]en-(?:AU|NZ|US)/, use: 'domain/price.ts formatPrice' },
  { name: 'number formatting with Intl.NumberFormat', pattern: /Intl\.NumberFormat\(/, use: 'domain/price.ts formatPrice' },
  // A SPEC threshold compared on a line about prices (HTTP statuses and depths are not prices).
  {
    name: 'SPEC price threshold compared literally',
    pattern: /^(?=.*(?:price|amount|market))(?=.*\s[><]=?\s*(?:10|200|250|499|500)\b(?!\s*(?:px|ms|%|vh|rem)))/i,
    use: 'domain/price.ts PRICE_THRESHOLDS / isRealPrice / meets*Price',
  },
  { name: 'price display text', pattern: /['"`]PREORDER['"`]/, use: 'domain/price.ts priceDisplay' },
  { name: 'tag banner text', pattern: /['"`]COMING SOON['"`]/, use: 'domain/carTag.ts carTag' },
  ...[...Object.values(MESSAGES), ...Object.values(PHONE_MESSAGES)].map((message) => ({
    name: `SPEC §5 message "${message}"`,
    // The exact quoted string; 'Invalid postcode' alone must not match inside the longer message.
    pattern: new RegExp(`['"\`]${escape(message)}['"\`]`),
    use: 'domain/formMessages.ts MESSAGES / domain/phone.ts PHONE_MESSAGES',
  })),
];

/** Findings for one file's text, as 'path:line rule (use ...)'. */
export function findDuplicates({ path, text }: { path: string; text: string }): string[] {
  const findings: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const rule of RULES) {
      if (rule.pattern.test(line)) findings.push(`${path}:${i + 1} ${rule.name} (use ${rule.use})`);
    }
  });
  return findings;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return []; // a layer that does not exist yet has nothing to scan
  }
  return entries.flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !TEST.test(name) ? [full] : [];
  });
}

describe('the scanner recognises a second implementation', () => {
  it.each([
    ['const AU = /^0[2-9]\\d{8}$/;'],
    ['if (!/^0[234578]\\d{8}$/.test(v)) return err;'],
    ['const mobile = /^(04|\\+?614)\\d{8}$/;'],
    ['const m = /^04\\d{8}$/;'],
    ["phone.replace(/^\\+61/, '0')"],
    ["return '$' + price.toLocaleString('en-AU');"],
    ["new Intl.NumberFormat('en-AU', { style: 'currency' })"],
    ['if (car.price > 200) showReserve();'],
    ['const finance = price >= 500;'],
    ['if (amount > 500 && weekly) show();'],
    ['return market - price > 499;'],
    ['hit.price > 250 && <Price />'],
    ['const real = car.price > 10;'],
    ["label = 'PREORDER';"],
    ["<span>{'COMING SOON'}</span>"],
    ["errors.email = 'invalid email address';"],
    ['const msg = "Invalid phone number. Must be an Australian number.";'],
    ["if (!found) setError('Invalid postcode');"],
  ])('flags %s', (line) => {
    expect(findDuplicates({ path: 'ui/x.tsx', text: line })).not.toEqual([]);
  });

  it.each([
    ["import { formatPrice } from '../../domain/price.ts';"],
    ['if (isReserveEligible({ car, ...rest })) showReserve();'],
    ['<img width={130} height={80} />'],
    ['@media (min-width: 500px) { }'],
    ['const delay = ms > 500ms;'],
    ['<option>500</option>'],
    ['return MESSAGES.postcodeNotFound;'],
    ['const page = items.length > 2000;'],
    ['if (answer.status >= 200 && answer.status < 300) done();'],
    ['if (depth > 500) fail();'],
  ])('does not flag %s', (line) => {
    expect(findDuplicates({ path: 'ui/x.tsx', text: line })).toEqual([]);
  });

  it('reports file and line', () => {
    expect(findDuplicates({ path: 'server/leads.ts', text: "ok\nconst x = 'invalid email address';" })[0]).toMatch(/^server\/leads\.ts:2 /);
  });
});

describe('no rule is implemented twice', () => {
  it(`finds no second implementation in ${SCANNED_DIRS.join(', ')}`, () => {
    const findings = SCANNED_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      findDuplicates({ path: relative(ROOT, file), text: readFileSync(file, 'utf8') }),
    );
    expect(findings, `rules re-implemented outside domain/:\n${findings.join('\n')}`).toEqual([]);
  });
});
