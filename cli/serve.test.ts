import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCESS_FILE, readLocalAccess } from '../server/admin/localAccess.ts';
import { printLeads, UnknownDealerError } from './leads.ts';
import { postgresUnavailableReason, startTestPostgres } from '../server/db/testPostgres.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { DELIVERY_LEASE_ENV, deliveryLeaseMs, type RunningServe, startServe } from './serve.ts';
import { assertGenerated, builtSlugs } from './builtSites.ts';
import { ServeError } from './serveError.ts';
import { enquiryLead } from '../fixtures/server/enquiryLead.ts';

const FIXTURE_SITES = path.resolve('fixtures/server/sites');
// The child runs in a temp directory (its own .forecourt/), so its imports are absolute.
const TSX_LOADER = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
const COMMANDER = pathToFileURL(path.resolve('node_modules/commander/esm.mjs')).href;

/** A raw HTTP/1.1 GET, so the path reaches the server exactly as written (no client normalisation). */
function rawGet(url: string, rawPath: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${rawPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

const lead = enquiryLead({ slug: 'test-motors' });

describe('builtSlugs and assertGenerated', () => {
  it('lists generated sites (folders with index.html)', async () => {
    expect(await builtSlugs({ outDir: FIXTURE_SITES })).toEqual(['not-built-config', 'test-motors']);
    expect(await builtSlugs({ outDir: path.join(FIXTURE_SITES, 'missing') })).toEqual([]);
  });

  it('says to run generate when the dealer exists but was not generated', async () => {
    const dealers = await mkdtemp(path.join(tmpdir(), 'forecourt-dealers-'));
    await mkdir(path.join(dealers, 'fresh-dealer'));
    expect(() => assertGenerated({ slug: 'fresh-dealer', outDir: FIXTURE_SITES, dealersDir: dealers })).toThrow(
      `${path.join(FIXTURE_SITES, 'fresh-dealer')} was not generated: run forecourt generate fresh-dealer first`,
    );
    expect(() => assertGenerated({ slug: 'nobody', outDir: FIXTURE_SITES, dealersDir: dealers })).toThrow(/Unknown dealer "nobody"/);
    expect(() => assertGenerated({ slug: 'test-motors', outDir: FIXTURE_SITES, dealersDir: dealers })).not.toThrow();
    await rm(dealers, { recursive: true });
  });
});

describe('the delivery lease setting', () => {
  it('is the worker default when unset, whole seconds when set, and refused below twice the send timeout', () => {
    expect(deliveryLeaseMs({ env: {} })).toBeUndefined();
    expect(deliveryLeaseMs({ env: { [DELIVERY_LEASE_ENV]: ' 45 ' } })).toBe(45_000);
    expect(deliveryLeaseMs({ env: { [DELIVERY_LEASE_ENV]: '30' } })).toBe(30_000);
    for (const wrong of ['29', '45.5', '1e3', '-60', 'two minutes']) {
      expect(() => deliveryLeaseMs({ env: { [DELIVERY_LEASE_ENV]: wrong } })).toThrow(ServeError);
    }
    expect(() => deliveryLeaseMs({ env: { [DELIVERY_LEASE_ENV]: '10' } })).toThrow(
      'FORECOURT_DELIVERY_LEASE_SECONDS must be a whole number of seconds, at least 30 (twice the send timeout); it is "10"',
    );
  });
});

describe('startServe over real HTTP', () => {
  let stateDir: string;
  let running: RunningServe;
  const warnings: string[] = [];

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-state-'));
    await seedPgliteDataDir({ dataDir: path.join(stateDir, 'db') });
    running = await startServe({ slugs: ['test-motors', 'not-built-config'], outDir: FIXTURE_SITES, port: 0, stateDir, warn: (m) => warnings.push(m) });
  }, 180_000);
  afterAll(async () => {
    await running?.close().catch(() => {});
    await rm(stateDir, { recursive: true, force: true });
  });

  it('serves each site on its own 127.0.0.1 port', async () => {
    expect(running.sites.map((site) => site.slug)).toEqual(['test-motors', 'not-built-config']);
    const [a, b] = running.sites;
    expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(a.url).not.toBe(b.url);
    expect(await (await fetch(`${a.url}cars/2019-toyota-corolla`)).text()).toContain('2019 Toyota Corolla');
    expect((await fetch(b.url)).status).toBe(200);
    expect(warnings.join('\n')).toMatch(/not-built-config.*site-config\.json is missing/);
  });

  it('refuses traversal sent raw on the wire', async () => {
    for (const raw of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/%2e%2e/secret.txt', '/cars/../../secret.txt']) {
      const response = await rawGet(running.sites[0].url, raw);
      expect(response, raw).toMatch(/^HTTP\/1\.1 (400|403|404)/);
      expect(response, raw).not.toMatch(/^secret$/m);
    }
  });

  it('stores a lead posted over HTTP, and `leads` reads it while serving, through the server', async () => {
    const post = (body: unknown) =>
      fetch(`${running.sites[0].url}api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(lead)).status).toBe(201);
    const booking = { lead: { ...lead.lead, category: 'Service Booking', name: 'Grace', email: 'grace@example.com', message: '=cmd|calc\nBrakes squeak' } };
    expect((await post(booking)).status).toBe(201);
    // The access file is the owner's only, and names this process.
    const accessFile = path.join(stateDir, LOCAL_ACCESS_FILE);
    expect((await stat(accessFile)).mode & 0o777).toBe(0o600);
    expect((await readLocalAccess({ stateDir }))?.pid).toBe(process.pid);

    let out = '';
    expect(await printLeads({ slug: 'test-motors', stateDir, write: (text) => (out += text) })).toBe(2);
    expect(out.split('\n')[0]).toMatch(/^id\s+kind\s+created\s+dealership\s+category\s+status\s+name\s+email\s+phone\s+deliveries$/);
    expect(out).toMatch(/Ada Lovelace\s+ada@example\.com\s+0412345678/);
    // Newest first.
    expect(out.split('\n')[1]).toMatch(/service_booking/);
    let bookings = '';
    await printLeads({ slug: 'test-motors', stateDir, kinds: ['service_booking'], json: true, write: (text) => (bookings += text) });
    expect(JSON.parse(bookings)).toEqual([expect.objectContaining({ kind: 'service_booking', email: 'grace@example.com', deliveries: [] })]);
    let future = '';
    await printLeads({ slug: 'test-motors', stateDir, since: new Date(Date.now() + 60_000), write: (text) => (future += text) });
    expect(future).toBe('Nothing stored for test-motors matches.\n');
    let csv = '';
    await printLeads({ slug: 'test-motors', stateDir, csv: true, write: (text) => (csv += text) });
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(
      '"kind","id","created_at","website","dealership","category","subcategory","status","name","email","phone","car_id","offer_price","payment_status","payment_amount","payment_currency","payment_reference","message","page","deliveries"',
    );
    expect(first).toMatch(
      /^"service_booking",\d+,"[^"]+","test-motors","test-motors","Service Booking","","Complete","Grace Lovelace","grace@example\.com","0412345678","","","","","","","'=cmd\|calc\nBrakes squeak","",""$/,
    );

    let erased = '';
    await printLeads({ slug: 'test-motors', stateDir, action: { erase: 'Grace@example.com' }, write: (text) => (erased += text) });
    expect(erased).toBe('Erased Grace@example.com from test-motors: 1 service booking.\n');
    await expect(printLeads({ slug: 'test-motors', stateDir, action: { erase: 'grace' }, write: () => {} })).rejects.toThrow(
      /neither an email address nor a phone number/,
    );
  });

  it('keeps the leads after the servers stop; `leads` opens the database itself then', async () => {
    await running.close();
    expect(await readLocalAccess({ stateDir })).toBeNull();
    let out = '';
    expect(await printLeads({ slug: 'test-motors', stateDir, write: (text) => (out += text) })).toBe(1);
    expect(out).toMatch(/Ada Lovelace\s+ada@example\.com\s+0412345678/);
    let json = '';
    await printLeads({ slug: 'test-motors', stateDir, action: { export: '+61 412 345 678' }, write: (text) => (json += text) });
    expect(JSON.parse(json)).toMatchObject({
      person: { phone: '0412345678' },
      records: [expect.objectContaining({ kind: 'lead', dealership_slug: 'test-motors', payload: expect.objectContaining({ email: 'ada@example.com' }) })],
    });
    let none = '';
    await printLeads({ slug: 'not-built-config', stateDir, outDir: FIXTURE_SITES, write: (text) => (none += text) });
    expect(none).toBe('No leads stored for not-built-config.\n');
    await expect(printLeads({ slug: 'nobody', stateDir, outDir: FIXTURE_SITES, write: () => {} })).rejects.toThrow(UnknownDealerError);
  }, 60_000);
});

describe('forecourt serve as a process', () => {
  it('prints one `<slug>  <url>` line per site and shuts down cleanly on SIGTERM', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'forecourt-proc-'));
    await seedPgliteDataDir({ dataDir: path.join(cwd, '.forecourt', 'db') });
    const script = `
      import { Command } from '${COMMANDER}';
      import { registerServe } from ${JSON.stringify(path.resolve('cli/serve.ts'))};
      const program = new Command();
      registerServe(program);
      await program.parseAsync(['node', 'forecourt', 'serve', '--all', '--port', '0', '--out', ${JSON.stringify(FIXTURE_SITES)}]);
    `;
    const child = spawn(process.execPath, ['--import', TSX_LOADER, '--input-type=module', '-e', script], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 45_000);
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.split('\n').filter(Boolean).length >= 2) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', () => reject(new Error(`serve exited early: ${stderr}`)));
      });
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^not-built-config {2}http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines[1]).toMatch(/^test-motors {2}http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(existsSync(path.join(cwd, '.forecourt', 'db.lock'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The database was closed and its lock released.
      expect(existsSync(path.join(cwd, '.forecourt', 'db.lock'))).toBe(false);
    } finally {
      // A failed assertion must not leave the server running.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(cwd, { recursive: true, force: true });
    }
  }, 90_000);

  it('exits 1 with a clear message when the site was not generated', async () => {
    const script = `
      import { Command } from '${COMMANDER}';
      import { registerServe } from ${JSON.stringify(path.resolve('cli/serve.ts'))};
      const program = new Command();
      registerServe(program);
      await program.parseAsync(['node', 'forecourt', 'serve', 'test-motors', '--out', '/nonexistent-out', '--dealers', ${JSON.stringify(path.resolve('fixtures/server/sites'))}]);
    `;
    const child = spawn(process.execPath, ['--import', TSX_LOADER, '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('forecourt serve: /nonexistent-out/test-motors was not generated: run forecourt generate test-motors first');
  }, 60_000);
});

describe.skipIf(postgresUnavailableReason() !== null)('serve and leads with --database-url (PostgreSQL)', () => {
  it('stores leads in PostgreSQL and lists them after the server stops', async () => {
    const pg = await startTestPostgres();
    const stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-state-pg-'));
    try {
      const running = await startServe({ slugs: ['test-motors'], outDir: FIXTURE_SITES, port: 0, stateDir, databaseUrl: pg.url });
      expect(running.db.kind).toBe('postgres');
      const response = await fetch(`${running.sites[0].url}mock/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(lead),
      });
      expect(response.status).toBe(201);
      await running.close();
      // No embedded database was created.
      expect(existsSync(path.join(stateDir, 'db'))).toBe(false);
      let json = '';
      await printLeads({ slug: 'test-motors', json: true, databaseUrl: pg.url, stateDir, write: (text) => (json += text) });
      expect(JSON.parse(json).map((row: { id: number }) => row.id)).toEqual([(await response.json()).id]);
    } finally {
      await pg.stop();
      await rm(stateDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a database URL that is not postgres://', async () => {
    await expect(printLeads({ slug: 'x', databaseUrl: 'mysql://localhost/db', write: () => {} })).rejects.toThrow(/must start with postgres:\/\//);
  });
});
