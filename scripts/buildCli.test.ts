import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (it runs before any TypeScript loader).
import { staleReason } from './buildCli.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function builtTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'cli-build-'));
  roots.push(root);
  mkdirSync(join(root, 'cli'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'cli/main.ts'), 'export {};\n');
  const info = statSync(join(root, 'cli/main.ts'));
  writeFileSync(
    join(root, 'dist/build.json'),
    JSON.stringify({ node: process.versions.node, inputs: { 'cli/main.ts': [info.size, Math.trunc(info.mtimeMs)] } }),
  );
  return root;
}

describe('staleReason', () => {
  it('accepts a build whose every input is as it was built', () => {
    expect(staleReason({ root: builtTree() })).toBeUndefined();
  });

  it('names a missing build, an edited source, a removed source and another Node', () => {
    const root = builtTree();
    utimesSync(join(root, 'cli/main.ts'), new Date(), new Date(Date.now() + 5000));
    expect(staleReason({ root })).toBe('cli/main.ts changed');
    rmSync(join(root, 'cli/main.ts'));
    expect(staleReason({ root })).toBe('cli/main.ts is gone');
    writeFileSync(join(root, 'dist/build.json'), JSON.stringify({ node: '0.0.1', inputs: {} }));
    expect(staleReason({ root })).toBe('it was built for Node 0.0.1');
    rmSync(join(root, 'dist'), { recursive: true });
    expect(staleReason({ root })).toBe('the CLI is not built yet');
  });
});
