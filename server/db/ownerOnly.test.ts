/**
 * The state directory is owner-only whatever the umask: with umask 0022 (files 0644, folders 0755
 * by default) the embedded database's folders are 0700 and every file 0600 (PGlite's included),
 * and so are the lock, serve.json and uploaded files.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { LOCAL_ACCESS_FILE, writeLocalAccess } from '../admin/localAccess.ts';
import { loadSiteConfig } from '../siteConfig.ts';
import { openLeadDatabase } from './openLeadDatabase.ts';

/** Every entry below `dir` with its permission bits, as 'path 0600'. */
async function modes(dir: string): Promise<string[]> {
  const found: string[] = [`. ${((await stat(dir)).mode & 0o777).toString(8)}`];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push(`${path.relative(dir, full)} ${((await stat(full)).mode & 0o777).toString(8)}`);
  }
  return found;
}

const loose = (entries: string[], dirMode: string) => entries.filter((line) => !line.endsWith(dirMode) && !line.endsWith(' 600'));

describe('owner-only state directory (umask 0022)', () => {
  let stateDir: string;
  let previousUmask: number;
  beforeAll(async () => {
    previousUmask = process.umask(0o022);
    stateDir = path.join(await mkdtemp(path.join(tmpdir(), 'forecourt-modes-')), 'state');
  });
  afterAll(async () => {
    process.umask(previousUmask);
    await rm(path.dirname(stateDir), { recursive: true, force: true });
  });

  it('the embedded database: folders 0700, every file 0600, while open and after closing; serve.json 0600', async () => {
    const db = await openLeadDatabase({ stateDir });
    await db.query('CREATE TABLE mode_probe (a int, b text)');
    await db.query("INSERT INTO mode_probe SELECT g, repeat('x', 200) FROM generate_series(1, 2000) g");
    const lock = `${path.join(stateDir, 'db')}.lock`;
    expect(((await stat(lock)).mode & 0o777).toString(8)).toBe('600');
    const remove = await writeLocalAccess({ stateDir, access: { pid: process.pid, url: 'http://127.0.0.1:1/', token: 't' } });
    expect(((await stat(path.join(stateDir, LOCAL_ACCESS_FILE))).mode & 0o777).toString(8)).toBe('600');
    const whileOpen = await modes(stateDir);
    expect(whileOpen.length).toBeGreaterThan(100);
    expect(whileOpen.filter((line) => / 7\d\d$/.test(line) && !line.endsWith(' 700'))).toEqual([]);
    await remove();
    await db.close();
    const closed = await modes(stateDir);
    expect(loose(closed, ' 700')).toEqual([]);
    expect(closed.filter((line) => line.endsWith(' 600')).length).toBeGreaterThan(100);
  }, 120_000);

  it('an uploaded file is 0600 in a 0700 folder', async () => {
    const db = await openLeadDatabase({ stateDir });
    const outDir = path.resolve('fixtures/server/sites');
    const uploadDir = path.join(stateDir, 'uploads');
    const app = await buildApp({ outDir, site: await loadSiteConfig({ outDir, slug: 'test-motors' }), db, uploadDir });
    const boundary = 'forecourtboundary';
    const part = (name: string, value: string, file = '') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}\r\n`;
    const fields = {
      form: 'contact',
      name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Hi',
      dealership_slug: 'test-motors',
    };
    const payload = `${Object.entries(fields)
      .map(([name, value]) => part(name, value))
      .join('')}${part('cv', 'my résumé', 'cv.txt')}--${boundary}--\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads/with-files',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(201);
    await app.close();
    await db.close();
    const uploads = await modes(uploadDir);
    expect(uploads).toHaveLength(3);
    expect(loose(uploads, ' 700')).toEqual([]);
  }, 120_000);
});
