/**
 * deploy/nginx/forecourt.conf as written, run by Debian's nginx (foreground, loopback ports of
 * this machine, its own temp prefix) with a throwaway certificate in front of serve's shared
 * port: client addresses, https and the Host reach serve from the trusted proxy only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedOutDir, type ServedOutDir } from '../fixtures/server/servedOutDir.ts';
import { seedPgliteDataDir } from '../server/db/testTemplate.ts';
import { type RunningServe, startServe } from './serve.ts';
import { enquiryLead } from '../fixtures/server/enquiryLead.ts';

const NGINX = '/usr/sbin/nginx';
const skip = existsSync(NGINX) ? null : `${NGINX} is missing (apt-get install nginx)`;
if (skip) console.warn(`Skipping the nginx deployment test: ${skip}`);
/** This suite's port in the range of its engineers' tests (PORTBASE 5600). */
const NGINX_PORT = Number(process.env.E2E_BASE_PORT ?? 5600) + 80;
const ADMIN_PASSWORD = 'operator preview passphrase';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** One request: https (to nginx) or plain http (to serve), with exactly this Host. */
function send({
  url,
  method = 'GET',
  host,
  localAddress,
  headers = {},
  body,
}: {
  url: string;
  method?: string;
  host: string;
  localAddress?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  const https = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const options = { method, localAddress, headers: { host, ...headers }, ...(https ? { servername: host, rejectUnauthorized: false } : {}) };
    const onResponse = (response: IncomingMessage) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    };
    const outgoing = https ? httpsRequest(url, options, onResponse) : httpRequest(url, options, onResponse);
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe.skipIf(skip !== null)('serve behind nginx (deploy/nginx/forecourt.conf)', () => {
  let dir: string;
  let served: ServedOutDir;
  let running: RunningServe;
  let nginx: ChildProcess;
  const base = `https://127.0.0.1:${NGINX_PORT}/`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'forecourt-nginx-'));
    served = await servedOutDir({
      sites: [
        { slug: 'test-motors', edit: (c) => Object.assign(c, { hosts: ['a.example'] }) },
        { slug: 'second-motors', edit: (c) => Object.assign(c, { hosts: ['b.example'], dealerships: [] }) },
      ],
    });
    await seedPgliteDataDir({ dataDir: path.join(dir, 'state', 'db') });
    running = await startServe({
      slugs: ['second-motors', 'test-motors'],
      outDir: served.outDir,
      port: 0,
      sharedPort: 0,
      stateDir: path.join(dir, 'state'),
      trustProxy: ['127.0.0.1'],
      warn: () => {},
      admin: { user: 'admin', password: ADMIN_PASSWORD },
    });
    const sharedPort = new URL(running.sharedUrl!).port;
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=a.example',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    const site = (await readFile('deploy/nginx/forecourt.conf', 'utf8'))
      // The port-80 redirect and IPv6 listeners are not this test's; the rest is the file as written.
      .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '')
      .replace(/^\s*listen \[::\]:443 ssl;\n/m, '')
      .replace('listen 443 ssl;', `listen 127.0.0.1:${NGINX_PORT} ssl;`)
      .replace('server 127.0.0.1:4000;', `server 127.0.0.1:${sharedPort};`)
      .replace('/etc/forecourt/tls/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/forecourt/tls/privkey.pem', path.join(dir, 'key.pem'));
    expect(site).toContain(`listen 127.0.0.1:${NGINX_PORT} ssl;`);
    await mkdir(path.join(dir, 'logs'));
    await writeFile(path.join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(dir, `${name}-temp`)};`).join('\n  ');
    await writeFile(
      path.join(dir, 'nginx.conf'),
      `pid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'logs', 'error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  ${temp}\n  include ${path.join(dir, 'site.conf')};\n}\n`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off; master_process off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const end = Date.now() + 20_000;
    for (;;) {
      try {
        await send({ url: base, host: 'a.example' });
        break;
      } catch (error) {
        if (Date.now() > end || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 180_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await running?.close().catch(() => {});
    await rm(served.outDir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  const lead = (slug: string) => JSON.stringify(enquiryLead({ slug }));

  it('answers two dealers on one port by Host, over https with HSTS', async () => {
    const post = (host: string) =>
      send({ url: `${base}mock/leads`, method: 'POST', host, headers: { 'content-type': 'application/json' }, body: lead('second-motors') });
    expect((await post('b.example')).status).toBe(201);
    expect((await post('a.example')).status).toBe(404);
    const page = await send({ url: base, host: 'a.example' });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    // /metrics is not served to the internet.
    expect((await send({ url: `${base}metrics`, host: 'a.example' })).status).toBe(404);
  });

  it('marks the inbox cookie Secure after a sign-in over https, and only then', async () => {
    const signIn = ({ url, localAddress, headers = {} }: { url: string; localAddress: string; headers?: Record<string, string> }) =>
      send({
        url: `${url}admin/login`,
        method: 'POST',
        host: 'a.example',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ user: 'admin', password: ADMIN_PASSWORD }).toString(),
      });
    const cookieOf = (answer: Answer) => String(answer.headers['set-cookie'] ?? '');
    const proxied = await signIn({ url: base, localAddress: '127.0.0.5' });
    expect(proxied.status).toBe(303);
    expect(cookieOf(proxied)).toMatch(/^forecourt_admin=[^;]+;.*; Secure$/);
    // Plain http straight to serve, claiming https from an address it does not trust: no Secure.
    const direct = await signIn({ url: running.sharedUrl!, localAddress: '127.0.0.6', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.status).toBe(303);
    expect(cookieOf(direct)).toMatch(/^forecourt_admin=[^;]+;/);
    expect(cookieOf(direct)).not.toContain('Secure');
  });

  it('gives two clients of the proxy their own rate-limit buckets, and ignores X-Forwarded-For from an untrusted address', async () => {
    const flood = async ({ url, localAddress, forged }: { url: string; localAddress: string; forged?: boolean }) => {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) {
        const headers = { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': `203.0.113.${i % 250}` } : {}) };
        statuses.push((await send({ url: `${url}mock/leads`, method: 'POST', host: 'b.example', localAddress, headers, body: '{}' })).status);
      }
      return statuses;
    };
    const first = await flood({ url: base, localAddress: '127.0.0.3' });
    expect(first.slice(0, 120).every((status) => status !== 429)).toBe(true);
    expect(first[120]).toBe(429);
    // Another client of nginx: its own bucket.
    const other = await send({
      url: `${base}mock/leads`,
      method: 'POST',
      host: 'b.example',
      localAddress: '127.0.0.4',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(other.status).not.toBe(429);
    // Straight to serve from an address it does not trust: a new X-Forwarded-For each time buys nothing.
    const direct = await flood({ url: running.sharedUrl!, localAddress: '127.0.0.2', forged: true });
    expect(direct[120]).toBe(429);
  }, 120_000);
});
