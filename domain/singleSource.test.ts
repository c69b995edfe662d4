/**
 * A business rule lives once, in domain/ (docs/architecture.md). This test scans the source (not the
 * tests) of the layers that call domain/ for signs of a second implementation, and names file
 * and line of each:
 * - by what the code uses (parsed with the TypeScript compiler): a rule's parameter imported
 *   from domain/ (the strip's 5000 ms, its 3 slots) to compute the rule again instead of
 *   calling the rule's function, or a record list domain/ derives (the dealerships) read
 *   straight off the site;
 * - by tell-tale text where nothing is imported: a phone pattern, a price formatter, a SPEC
 *   threshold compared literally, or a SPEC §5 message typed out.
 */
import ts from 'typescript';
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

/**
 * Numeric constants of domain/ that other layers may import: values handed on as they are
 * (a request timeout, a page size or limit of the search contract, the largest row id a URL
 * may carry, the delivery worker's send timeout and default lease, whose bound is
 * minDeliveryLeaseMs), not parameters of a rule the caller would compute again.
 */
const PASSED_ON = new Set([
  'LEAD_REQUEST_TIMEOUT_MS',
  'INSTANT_SEARCH_PAGE_SIZE',
  'MULTI_SEARCH_LIMIT',
  'MAX_ROW_ID',
  'DELIVERY_SEND_TIMEOUT_MS',
  'DEFAULT_DELIVERY_LEASE_MS',
]);

/** Record lists domain/ derives, read only through its function (property -> function). */
const DERIVED_LISTS = new Map([['dealerships', 'domain/dealerships.ts siteDealerships']]);
/** Layers that hold a resolved Site (the server reads its own site-config.json instead). */
const SITE_LAYERS = /^(ui|runtime|search|renderer)\//;

const parse = ({ path, text }: { path: string; text: string }) =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Exported numeric constants (NAME = number or arithmetic) of a domain/ file: a rule's parameters. */
export function ruleParameters({ path, text }: { path: string; text: string }): string[] {
  const names: string[] = [];
  for (const statement of parse({ path, text }).statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && init && (ts.isNumericLiteral(init) || ts.isBinaryExpression(init))) names.push(declaration.name.text);
    }
  }
  return names.filter((name) => !PASSED_ON.has(name));
}

/** What a file outside domain/ uses that bypasses a domain/ rule, as 'path:line what (use ...)'. */
export function bypasses({ path, text, parameters }: { path: string; text: string; parameters: ReadonlySet<string> }): string[] {
  const source = parse({ path, text });
  const findings: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)domain\//.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (parameters.has(name))
            findings.push(`${path}:${line(element)} imports the rule parameter ${name} (call the rule's function in ${node.moduleSpecifier.text})`);
        }
      }
    }
    if (SITE_LAYERS.test(path) && ts.isPropertyAccessExpression(node) && DERIVED_LISTS.has(node.name.text)) {
      findings.push(`${path}:${line(node)} reads .${node.name.text} (use ${DERIVED_LISTS.get(node.name.text)})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
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

describe('what a bypass uses', () => {
  const parameters = new Set(['COMPARE_STRIP_MS', 'COMPARE_SLOTS']);

  it('finds the rule parameters of a domain file: exported numeric constants, not the ones handed on', () => {
    const text =
      "export const COMPARE_SLOTS = 3;\nexport const COMPARE_STRIP_MS = 5 * 1000;\nexport const MAX_ROW_ID = 2147483647;\nexport const LABEL = 'x';\nconst LOCAL = 4;";
    expect(ruleParameters({ path: 'domain/x.ts', text })).toEqual(['COMPARE_SLOTS', 'COMPARE_STRIP_MS']);
  });

  it.each([
    [
      "import { COMPARE_STRIP_MS, compareStrip } from '../../domain/favourites.ts';\nsetTimeout(hide, COMPARE_STRIP_MS);",
      'imports the rule parameter COMPARE_STRIP_MS',
    ],
    ["import { COMPARE_SLOTS as SLOTS } from '../domain/favourites.ts';", 'imports the rule parameter COMPARE_SLOTS'],
    ['const list = site.dealerships ?? site.config?.dealerships ?? [];', 'reads .dealerships'],
  ])('flags %s', (text, found) => {
    expect(bypasses({ path: 'ui/islands/X.tsx', text, parameters }).join('\n')).toContain(found);
  });

  it.each([
    ["import { compareStripHidesIn, compareStripVisible } from '../../domain/favourites.ts';"],
    ["import { COMPARE_SLOTS } from './slots.ts';"],
    ['const dealerships = siteDealerships({ site });'],
    ['return { dealerships: [] };'],
    ['const text = count.toString();'],
  ])('does not flag %s', (text) => {
    expect(bypasses({ path: 'ui/islands/X.tsx', text, parameters })).toEqual([]);
  });

  it('reads the lists of the server its own way (it has no resolved Site)', () => {
    expect(bypasses({ path: 'server/siteConfig.ts', text: 'site.dealerships.some((d) => d.slug === slug)', parameters })).toEqual([]);
  });

  it('reports file and line', () => {
    expect(bypasses({ path: 'ui/x.ts', text: '\nconst a = site.dealerships;', parameters })[0]).toMatch(/^ui\/x\.ts:2 /);
  });
});

describe('no rule is implemented twice', () => {
  it(`calls domain/ instead of computing its rules again in ${SCANNED_DIRS.join(', ')}`, () => {
    const parameters = new Set(sourceFiles(join(ROOT, 'domain')).flatMap((file) => ruleParameters({ path: file, text: readFileSync(file, 'utf8') })));
    expect(parameters.has('COMPARE_STRIP_MS')).toBe(true);
    const findings = SCANNED_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      bypasses({ path: relative(ROOT, file), text: readFileSync(file, 'utf8'), parameters }),
    );
    expect(findings, `rules bypassed outside domain/:\n${findings.join('\n')}`).toEqual([]);
    // Parsing every source file takes a while on a loaded machine.
  }, 120_000);

  it(`finds no second implementation in ${SCANNED_DIRS.join(', ')}`, () => {
    const findings = SCANNED_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      findDuplicates({ path: relative(ROOT, file), text: readFileSync(file, 'utf8') }),
    );
    expect(findings, `rules re-implemented outside domain/:\n${findings.join('\n')}`).toEqual([]);
  });
});
