import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPolicy } from './addressPolicy.ts';
import { DestinationRefusedError, outboundFetch, resolveAllowed } from './outboundFetch.ts';

let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits++;
    if (request.url === '/to-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (request.url === '/to-ok') return void response.writeHead(302, { location: '/ok' }).end();
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('outboundFetch', () => {
  it('refuses loopback unless the operator allowed it, before sending anything', async () => {
    const before = hits;
    await expect(outboundFetch(`${base}/ok`, { policy: addressPolicy({ allow: '' }) })).rejects.toBeInstanceOf(DestinationRefusedError);
    await expect(outboundFetch(`http://localhost:1/`, { policy: addressPolicy({ allow: '' }) })).rejects.toThrow(/names this machine/);
    expect(hits).toBe(before);
    const response = await outboundFetch(`${base}/ok`, { policy: addressPolicy({ allow: '127.0.0.1' }) });
    expect(await response.text()).toBe('ok');
  });

  it('checks every redirect hop, and follows allowed ones', async () => {
    const policy = addressPolicy({ allow: '127.0.0.1' });
    await expect(outboundFetch(`${base}/to-metadata`, { policy })).rejects.toThrow(/link-local/);
    expect(await (await outboundFetch(`${base}/to-ok`, { policy })).text()).toBe('ok');
    await expect(outboundFetch(`${base}/to-ok`, { policy, redirect: 'error' })).rejects.toThrow(/redirect/);
  });

  it('refuses other schemes', async () => {
    await expect(outboundFetch('file:///etc/passwd', { policy: addressPolicy({ allow: '' }) })).rejects.toThrow(/http and https only/);
  });
});

describe('resolveAllowed', () => {
  it('resolves a name and checks each address it has', async () => {
    await expect(resolveAllowed({ host: 'localhost', policy: addressPolicy({ allow: '' }) })).rejects.toBeInstanceOf(DestinationRefusedError);
    expect(await resolveAllowed({ host: 'localhost', policy: addressPolicy({ allow: '127.0.0.1, ::1' }) })).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(resolveAllowed({ host: '10.0.0.5', policy: addressPolicy({ allow: '' }) })).rejects.toThrow(/private/);
  });
});
