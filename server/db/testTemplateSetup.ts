/**
 * Global setup of the unit suite (vitest.config.ts): makes the migrated PGlite template once per
 * run and names it for every worker (server/db/testTemplate.ts); the teardown removes it.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from './testTemplate.ts';

export default async function setup(): Promise<() => void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'forecourt-pglite-template-'));
  process.env[PGLITE_TEMPLATE_ENV] = await makePgliteTemplate({ dir });
  return () => rmSync(dir, { recursive: true, force: true });
}
