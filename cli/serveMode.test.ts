import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SLUG = 'stripe-dealer';

/** `forecourt serve` of a copy of fixtures/server/sites/test-motors whose record picks `provider`. */
describe('serve in production mode refuses a dealer whose money cannot be real', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'forecourt-serve-mode-'));
    await cp(path.resolve('fixtures/server/sites/test-motors'), path.join(out, SLUG), { recursive: true });
    const file = path.join(out, SLUG, 'site-config.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...config, slug: SLUG, payment_provider: 'Stripe' }));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('a Stripe dealer without the Stripe secrets: exit 1, naming the dealer and the missing settings, nothing served', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORECOURT_DATA_DIR: path.join(out, 'state') };
    for (const name of ['FORECOURT_SECRET_STRIPE_KEY', 'FORECOURT_SECRET_STRIPE_WEBHOOK', 'FORECOURT_DEMO']) delete env[name];
    const child = spawnSync(process.execPath, ['bin/forecourt.mjs', 'serve', SLUG, '--out', out, '--port', '0'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stdout).toBe('');
    expect(child.stderr).toContain(`${SLUG}: payment_provider Stripe needs FORECOURT_SECRET_STRIPE_KEY and FORECOURT_SECRET_STRIPE_WEBHOOK`);
    expect(child.stderr).toContain('--demo');
  }, 90_000);
});
