/**
 * How `forecourt serve` opens its ports: each dealer's app, the shared port that picks the
 * dealer by Host (server/hostRouting.ts) with the operations routes beside it, and the metrics
 * port; a failure to listen is said in terms of the option to change.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { hostRouter, type RoutedSite } from '../server/hostRouting.ts';
import { OPS_PATHS } from '../server/opsRoutes.ts';
import { newRequestId } from '../server/requestLog.ts';

/** The host part of a URL to an address serve listens on (every interface: reached on loopback). */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** A listen failure as the user can act on it. */
function listenError({ error, port, what, option }: { error: unknown; port: number; what: string; option: string }): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new Error(`Port ${port} is already in use (for ${what}): stop what uses it or pass ${option}`, { cause: error });
  if (code === 'EADDRNOTAVAIL')
    return new Error(`This machine has no address to listen on for ${what} (--host): ${(error as Error).message}`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

/** Listens with `app`; resolves with its base URL (`http://host:port/`). */
export async function listenApp({
  app,
  host,
  port,
  what,
  option,
}: {
  app: FastifyInstance;
  host: string;
  port: number;
  what: string;
  option: string;
}): Promise<string> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    throw listenError({ error, port, what, option });
  }
  const address = app.server.address();
  return `http://${urlHost(host)}:${typeof address === 'object' && address ? address.port : port}/`;
}

/**
 * Opens the shared port: each request to the site claiming its Host, the operations routes
 * (registered by `ops` on an app of their own) for any host.
 */
export async function listenShared({
  sites,
  trustProxy,
  host,
  port,
  logger,
  ops,
}: {
  sites: readonly RoutedSite[];
  trustProxy: readonly string[];
  host: string;
  port: number;
  logger: Logger;
  ops: (app: FastifyInstance) => Promise<void>;
}): Promise<{ server: Server; ops: FastifyInstance; url: string }> {
  const opsApp = Fastify({ loggerInstance: logger as FastifyBaseLogger, genReqId: newRequestId, trustProxy: trustProxy.length > 0 ? [...trustProxy] : false });
  await ops(opsApp);
  await opsApp.ready();
  const server = createServer(hostRouter({ sites, trustProxy, ops: { paths: OPS_PATHS, app: opsApp } }));
  server.listen({ host, port });
  try {
    await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error as Error))]);
  } catch (error) {
    await opsApp.close();
    throw listenError({ error, port, what: 'the shared port', option: 'another --shared-port' });
  }
  const address = server.address();
  return { server, ops: opsApp, url: `http://${urlHost(host)}:${typeof address === 'object' && address ? address.port : port}/` };
}
