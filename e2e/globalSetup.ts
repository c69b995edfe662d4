/**
 * Starts `forecourt serve --all` on loopback for the browser tests and records each dealer's
 * URL in e2e/.servers.json. The sites must already be generated (`npm run test:e2e` does it).
 * Returns the teardown that stops the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtSlugs, SERVERS_FILE } from './sites.ts';

const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 4300);

export default async function globalSetup(): Promise<() => Promise<void>> {
  const slugs = builtSlugs();
  if (slugs.length === 0) throw new Error('No generated sites in out/: run `node bin/forecourt.mjs generate` first');
  // A throwaway embedded database so test leads never mix with a developer's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-e2e-'));
  const child = spawn(process.execPath, ['bin/forecourt.mjs', 'serve', '--all', '--port', String(BASE_PORT)], {
    env: { ...process.env, FORECOURT_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const servers: Record<string, string> = {};
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve --all did not list every site in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const m of output.matchAll(/^(\S+)\s+(http:\/\/127\.0\.0\.1:\d+)\/?\s*$/gm)) servers[m[1]] = m[2];
      if (slugs.every((s) => servers[s])) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve --all exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  writeFileSync(SERVERS_FILE, JSON.stringify({ servers, dataDir }, null, 2));
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
  };
}
