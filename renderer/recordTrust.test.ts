import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standInRenderers } from '../fixtures/build/renderers.tsx';
import { bundleRuntime } from './bundle.ts';
import { REPO_ROOT } from './emit.ts';
import { generateSite } from './generate.ts';
import { describe, expect, it } from 'vitest';
import { parseJson, parseYaml } from './parse.ts';
import { validateRecord, validateStock } from './validate.ts';

const SPEC_ONLY = 'fixtures/records/valid/spec-only/dealer.yaml';
const TEMPLATES = ['franchise', 'used', 'group'];
const BASE = readFileSync(SPEC_ONLY, 'utf8');

/** The spec-only record with `extra` YAML appended at the top level. */
const check = (extra: string, env: Record<string, string | undefined> = {}) => {
  const result = validateRecord({ parsed: parseYaml({ file: 'dealer.yaml', text: `${BASE}\n${extra}\n` }), templates: TEMPLATES, env });
  return result.diagnostics.map((d) => `${d.line}:${d.col} ${d.pointer} ${d.message}`);
};
const BASE_LINES = BASE.split('\n').length;

describe('*_env fields name only the variables records may read', () => {
  const delivery = (name: string) => `lead_delivery:\n  destinations:\n    - { name: hook, type: webhook, url: https://hooks.example/x, secret_env: ${name} }`;
  it.each([
    ['FORECOURT_SECRET_HOOK', {}, true],
    ['FORECOURT_SECRET_', {}, false], // the prefix alone names nothing of the dealer's
    ['FORECOURT_ADMIN_PASSWORD', {}, false],
    ['MEILISEARCH_ADMIN_KEY', {}, false],
    ['PATH', {}, false],
    ['CRM_SECRET', { FORECOURT_RECORD_ENV_ALLOW: 'OTHER, CRM_SECRET' }, true],
    ['CRM_SECRET', { FORECOURT_RECORD_ENV_ALLOW: 'CRM_SECRETS' }, false],
  ])('%s with %j: allowed %s', (name, env, allowed) => {
    const problems = check(delivery(name), env);
    if (allowed) expect(problems).toEqual([]);
    else
      expect(problems).toEqual([
        `${BASE_LINES + 3}:78 /lead_delivery/destinations/0/secret_env names the variable ${name}, which a record may not read: only variables starting with FORECOURT_SECRET_ or listed by the operator in FORECOURT_RECORD_ENV_ALLOW`,
      ]);
  });

  it('checks every *_env field: smtp url, user and password, to_env and url_env', () => {
    const problems = check(
      [
        'lead_delivery:',
        '  smtp: { url_env: HOME, user_env: USER, password_env: FORECOURT_SECRET_SMTP_PASSWORD }',
        '  destinations:',
        '    - { name: crm, type: adf_email, to_env: FORECOURT_ADMIN_USER }',
        '    - { name: hook, type: adf_http, url_env: FORECOURT_DATABASE_URL }',
      ].join('\n'),
    );
    expect(problems.map((p) => p.split(' ').slice(1, 6).join(' '))).toEqual([
      '/lead_delivery/smtp/url_env names the variable HOME,',
      '/lead_delivery/smtp/user_env names the variable USER,',
      '/lead_delivery/destinations/0/to_env names the variable FORECOURT_ADMIN_USER,',
      '/lead_delivery/destinations/1/url_env names the variable FORECOURT_DATABASE_URL,',
    ]);
  });

  it('hints at the prefixed name and the operator setting', () => {
    const result = validateRecord({
      parsed: parseYaml({ file: 'dealer.yaml', text: `${BASE}\n${delivery('CRM_HOOK_SECRET')}\n` }),
      templates: TEMPLATES,
      env: {},
    });
    expect(result.record).toBeNull();
    expect(result.diagnostics[0].hint).toBe(
      'Rename the variable to FORECOURT_SECRET_CRM_HOOK_SECRET (and set that one where serve runs), or ask the operator to list CRM_HOOK_SECRET in FORECOURT_RECORD_ENV_ALLOW.',
    );
  });
});

describe('delivery destinations written in the record are public addresses', () => {
  const hook = (url: string) => `lead_delivery:\n  destinations:\n    - { name: hook, type: webhook, url: "${url}", secret_env: FORECOURT_SECRET_HOOK }`;
  it.each([
    ['https://hooks.example/x', true],
    ['https://93.184.216.34/x', true],
    ['http://127.0.0.1:8080/x', false],
    ['http://localhost/x', false],
    ['http://[::1]/x', false],
    ['http://10.1.2.3/x', false],
    ['http://192.168.0.10/x', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://metadata.google.internal/computeMetadata/v1', false],
    ['http://crm.corp.internal/x', false],
    ['http://[fe80::1]/x', false],
    ['http://224.0.0.1/x', false],
    ['http://0.0.0.0/x', false],
    ['http://2130706433/x', false], // 127.0.0.1 as one number: URL parsing turns it into the literal
  ])('webhook %s: allowed %s', (url, allowed) => {
    const problems = check(hook(url));
    expect(problems.length === 0).toBe(allowed);
    if (!allowed) expect(problems[0]).toMatch(/^\d+:\d+ \/lead_delivery\/destinations\/0\/url is not a public destination: /);
  });

  it.each([
    ['smtp.example', true],
    ['127.0.0.1', false],
    ['localhost', false],
    ['172.16.0.5', false],
    ['mail.internal', false],
  ])('smtp host %s: allowed %s', (host, allowed) => {
    const problems = check(`lead_delivery:\n  smtp: { host: "${host}", user_env: FORECOURT_SECRET_U, password_env: FORECOURT_SECRET_P }`);
    expect(problems.length === 0).toBe(allowed);
    if (!allowed) expect(problems[0]).toMatch(/\/lead_delivery\/smtp\/host is not a public destination: .*FORECOURT_ALLOW_DESTINATIONS/);
  });

  it('the operator allows an address with FORECOURT_ALLOW_DESTINATIONS', () => {
    expect(check(hook('http://127.0.0.1:9/x'), { FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1/32' })).toEqual([]);
    expect(check(hook('http://10.1.2.3/x'), { FORECOURT_ALLOW_DESTINATIONS: '10.0.0.0/8' })).toEqual([]);
    expect(check(hook('http://10.1.2.3/x'), { FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1/32' })).toHaveLength(1);
  });

  it('a malformed FORECOURT_ALLOW_DESTINATIONS is an error at each destination, not a crash', () => {
    expect(check(hook('https://hooks.example/x'), { FORECOURT_ALLOW_DESTINATIONS: 'banana' })).toEqual([
      `${BASE_LINES + 3}:41 /lead_delivery/destinations/0/url cannot be checked: FORECOURT_ALLOW_DESTINATIONS: 'banana' is not an IP address or CIDR (e.g. 127.0.0.1/32, 10.0.0.0/8, ::1/128)`,
    ]);
    expect(check('timezone: Australia/Sydney', { FORECOURT_ALLOW_DESTINATIONS: 'banana' })).toEqual([]);
  });
});

describe('control characters', () => {
  const text = (value: string) => check(`timezone: "${value}"`);
  it.each([
    ['plain text', undefined],
    ['tab\\there', undefined],
    ['NUL\\0here', 'U+0000 (NUL) at character 4'],
    ['back\\bspace', 'U+0008 (BACKSPACE) at character 5'],
    ['\\e[31mred', 'U+001B (ESC) at character 1'],
    ['bell\\a', 'U+0007 at character 5'],
    ['del\\x7f', 'U+007F (DEL) at character 4'],
    ['c1\\x85next', 'U+0085 at character 3'],
    ['c1 end\\u009f', 'U+009F at character 7'],
    ['no break\\u00a0space', undefined],
    ['one\\nline', 'U+000A (LINE FEED) at character 4'],
  ])('%s: %s', (value, found) => {
    const result = text(value).filter((p) => p.includes('control character'));
    expect(result).toEqual(found ? [`${BASE_LINES + 1}:11 /timezone contains the control character ${found}`] : []);
  });

  it('allows line breaks in paragraph fields only, and reports keys', () => {
    const problems = check('pages:\n  - { path: /about, title: "About\\nus", body: "One\\r\\nTwo\\nThree" }\n"bad\\ekey": 1').filter((p) =>
      p.includes('control'),
    );
    expect(problems).toEqual([
      `${BASE_LINES + 2}:28 /pages/0/title contains the control character U+000A (LINE FEED) at character 6`,
      `${BASE_LINES + 3}:1 /bad\u001bkey has a key holding the control character U+001B (ESC) at character 4`,
    ]);
  });

  it('skips a stock row holding one, with a warning, and keeps the others', () => {
    const [template] = JSON.parse(readFileSync('fixtures/records/valid/full-motors/stock.json', 'utf8')) as Record<string, unknown>[];
    const car = (id: number, model: string) => ({ ...template, id, slug: `car-${id}`, model });
    const parsed = parseJson({ file: 'stock.json', text: JSON.stringify([car(1, 'Corolla'), car(2, 'Hi\u0000lux'), car(3, 'Camry\u001b[2J')], null, 1) });
    const stock = validateStock({ parsed });
    expect(stock.cars.map((c) => c.id)).toEqual([1]);
    expect(stock.skipped).toBe(2);
    expect(stock.diagnostics.map((d) => `${d.severity} ${d.pointer} ${d.message}`)).toEqual([
      'warning /1/model car id 2: /model contains the control character U+0000 (NUL) at character 3',
      'warning /2/model car id 3: /model contains the control character U+001B (ESC) at character 6',
    ]);
    expect(stock.diagnostics[0].hint).toMatch(/This car is skipped until fixed\.$/);
  });
});

describe('control characters never reach a page', () => {
  it('generate refuses a record whose name holds NUL, backspace and ESC, and writes no HTML', async () => {
    const root = await mkdtemp(join(tmpdir(), 'forecourt-control-'));
    try {
      await mkdir(join(root, 'dealers/spec-only'), { recursive: true });
      await writeFile(join(root, 'dealers/spec-only/dealer.yaml'), BASE.replace('name: Spec Only Motors', 'name: "Spec\\0 Only\\b Motors\\e[2J"'));
      const bundle = await bundleRuntime({ root: join(REPO_ROOT, 'fixtures/build') });
      const outDir = join(root, 'out');
      const result = await generateSite({
        slug: 'spec-only',
        dealersDir: join(root, 'dealers'),
        outDir,
        bundle,
        buildIndex: null,
        renderers: standInRenderers(),
        now: new Date('2025-06-10T00:00:00Z'),
      });
      expect(result.ok).toBe(false);
      expect(result.diagnostics.map((d) => `${d.pointer} ${d.message}`)).toContain('/name contains the control character U+0000 (NUL) at character 5');
      const written = await readdir(outDir, { recursive: true }).catch(() => []);
      expect(written.filter((file) => file.endsWith('.html'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
