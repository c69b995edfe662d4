import { describe, expect, it } from 'vitest';
import { parseYaml } from './parse.ts';
import { decodeUtf8 } from './textEncoding.ts';

/** `depth` block mappings inside each other: k1: / k2: / ... with the last holding a value. */
const blockNest = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}k${i + 1}:${i === depth - 1 ? ' x' : ''}`).join('\n') + '\n';
const keys = (n: number) => Array.from({ length: n }, (_, i) => `/k${i + 1}`).join('');
const aliases = (n: number) => `base: &b 1\nlist:\n${'  - *b\n'.repeat(n)}`;

describe('parseYaml within bounds', () => {
  it('reads a record nested 64 levels deep, and refuses 65 at the first level too many', () => {
    expect(parseYaml({ file: 'r.yaml', text: blockNest(64) })).toMatchObject({ ok: true, diagnostics: [] });
    const deep = parseYaml({ file: 'r.yaml', text: blockNest(65) });
    expect(deep.ok).toBe(false);
    expect(deep.value).toBeUndefined();
    expect(deep.diagnostics).toEqual([
      expect.objectContaining({
        line: 65,
        col: 65,
        pointer: keys(64),
        severity: 'error',
        code: 'too-deep',
        message: 'nests more than 64 levels deep (the nesting depth limit)',
      }),
    ]);
  });

  it('refuses flow collections nested past the limit, however deep, without reading them whole', () => {
    // The mapping holding `a` is the first level.
    expect(parseYaml({ file: 'r.yaml', text: `a: ${'['.repeat(63)}${']'.repeat(63)}\n` }).ok).toBe(true);
    expect(parseYaml({ file: 'r.yaml', text: `a: ${'['.repeat(64)}${']'.repeat(64)}\n` }).diagnostics).toEqual([
      expect.objectContaining({ line: 1, col: 67, pointer: `/a${'/0'.repeat(63)}`, code: 'too-deep' }),
    ]);
    // 1 MB of brackets: the yaml Composer would overflow its stack, and its Parser take seconds.
    const bomb = parseYaml({ file: 'r.yaml', text: `a: ${'['.repeat(500_000)}` });
    expect(bomb.diagnostics.map((d) => d.code)).toEqual(['too-deep']);
  });

  it('expands exactly maxAliases aliases and refuses one more, at that alias', () => {
    expect(parseYaml({ file: 'r.yaml', text: aliases(100) })).toMatchObject({ ok: true, diagnostics: [] });
    expect((parseYaml({ file: 'r.yaml', text: aliases(100) }).value as { list: number[] }).list).toHaveLength(100);
    const over = parseYaml({ file: 'r.yaml', text: aliases(101) });
    expect(over.ok).toBe(false);
    expect(over.diagnostics).toEqual([
      expect.objectContaining({
        line: 103,
        col: 5,
        pointer: '/list/100',
        code: 'too-many-aliases',
        message: 'expands more aliases than the YAML alias expansions limit of 100 (FORECOURT_MAX_YAML_ALIASES)',
      }),
    ]);
    expect(over.diagnostics[0].hint).toContain('--max-yaml-aliases N or FORECOURT_MAX_YAML_ALIASES=N');
    expect(parseYaml({ file: 'r.yaml', text: aliases(101), maxAliases: 101 }).ok).toBe(true);
  });

  it('stops a "billion laughs" alias bomb after a handful of expansions', () => {
    const levels = ['l0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `l${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const parsed = parseYaml({ file: 'r.yaml', text: levels.join('\n') + '\n' });
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ line: 3, code: 'too-many-aliases', pointer: expect.stringMatching(/^\/l2\/\d$/) })]);
  });

  it('reports a byte that is not UTF-8 at the field it is in, instead of reading it as U+FFFD', () => {
    const bytes = Buffer.concat([Buffer.from('name: Test Motors\naddress:\n  city: Caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const { text, invalid } = decodeUtf8(bytes);
    const parsed = parseYaml({ file: 'r.yaml', text, invalidUtf8: invalid ?? undefined });
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ line: 3, col: 12, pointer: '/address/city', code: 'encoding', message: 'is not UTF-8: byte 0xE9 here cannot be read' }),
    ]);
  });
});
