/**
 * `forecourt leads` sends serve's access token only to a server that proved it holds it: a stale
 * serve.json (its pid alive, its port now another program's) gets a clear error and never the
 * token; the real serve answers the challenge and lists the records.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLocalAccess } from '../server/admin/localAccess.ts';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/openDatabase.ts';
import { loadSiteConfig } from '../server/siteConfig.ts';
import { printLeads } from './leads.ts';
import { StaleServeError } from './recordSource.ts';

const TOKEN = 'the-access-token-of-a-serve-long-gone';

/** A loopback listener that is not serve: it answers every request with `answer` and keeps what it got. */
async function impostor(
  answer: (url: string) => string,
): Promise<{ url: string; seen: { url: string; headers: IncomingHttpHeaders }[]; close(): Promise<void> }> {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' }).end(answer(request.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('forecourt leads and a stale serve.json', () => {
  let stateDir: string;
  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'forecourt-challenge-'));
  });
  afterAll(async () => rm(stateDir, { recursive: true, force: true }));

  it.each([
    ['answers anything with {}', () => '{}'],
    ['answers the old list shape', () => '{"records":[{"id":1}]}'],
    ['answers a made-up proof', () => '{"proof":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}'],
    ['answers HTML', () => '<!doctype html><title>Something else</title>'],
  ])('a listener that %s: a clear error, and the token never sent', async (_what, answer) => {
    const listener = await impostor(answer);
    // Our own pid: alive, as a reused pid would be.
    const remove = await writeLocalAccess({ stateDir, access: { pid: process.pid, url: listener.url, token: TOKEN } });
    try {
      const failure = await printLeads({ slug: 'test-motors', stateDir, write: () => {} }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StaleServeError);
      expect((failure as Error).message).toMatch(
        /could not prove it is that forecourt serve, so its access token was not sent\. If no forecourt serve of .* runs, remove .*serve\.json/,
      );
      expect(listener.seen.length).toBe(1);
      expect(JSON.stringify(listener.seen)).not.toContain(TOKEN);
      expect(listener.seen[0].url).toMatch(/^\/api\/admin\/local\/challenge\?nonce=[A-Za-z0-9_-]{43}$/);
    } finally {
      await remove();
      await listener.close();
    }
  });

  it('nothing listening at the URL any more, or a URL that is not local: a clear error', async () => {
    for (const url of ['http://127.0.0.1:9/', 'http://192.0.2.10:4100/', 'file:///etc/passwd']) {
      const remove = await writeLocalAccess({ stateDir, access: { pid: process.pid, url, token: TOKEN } });
      await expect(printLeads({ slug: 'test-motors', stateDir, write: () => {} })).rejects.toThrow(StaleServeError);
      await remove();
    }
  });

  it('the running serve proves it holds the token, then answers with the records', async () => {
    const db = await openDatabase({ dataDir: null });
    const outDir = path.resolve('fixtures/server/sites');
    const token = 'token-of-the-running-serve';
    const app = await buildApp({ outDir, site: await loadSiteConfig({ outDir, slug: 'test-motors' }), db, localToken: token });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const remove = await writeLocalAccess({
      stateDir,
      access: { pid: process.pid, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`, token },
    });
    try {
      let printed = '';
      expect(await printLeads({ slug: 'test-motors', stateDir, outDir, write: (text) => (printed += text) })).toBe(0);
      expect(printed).toBe('No leads stored for test-motors.\n');
      // The challenge needs a proper nonce; every other route still needs the token.
      expect((await app.inject({ url: '/api/admin/local/challenge?nonce=short' })).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/admin/local/records?slug=test-motors' })).statusCode).toBe(401);
    } finally {
      await remove();
      await app.close();
      await db.close();
    }
  }, 60_000);
});
