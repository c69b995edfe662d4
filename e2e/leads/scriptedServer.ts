/**
 * A small local HTTP server for the lead-contract browser tests: it serves a generated site's
 * files (clean URLs) and answers the lead API as each test scripts it — SPEC §7's `{lead_id}`
 * shape instead of `{id}`, or no answer at all (a hung server) — recording every API request.
 * It listens on 127.0.0.1 on a free port; nothing else is reached.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

/** One API request the page sent. */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** What the API answers: a status and JSON body, or 'hang' (never answers). */
export type Reply = { status: number; body: unknown } | 'hang';

/** Decides the answer of one API request; undefined falls through to 404. */
export type Script = (request: Recorded) => Reply | undefined;

/** A running server. */
export interface ScriptedServer {
  url: string;
  requests: Recorded[];
  /** Replaces the API script (per test). */
  script(next: Script): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

/** Serves `root` (a generated site) and the scripted API under /api. */
export async function startScriptedServer({ root }: { root: string }): Promise<ScriptedServer> {
  const requests: Recorded[] = [];
  let current: Script = () => undefined;
  const hung: ServerResponse[] = [];

  async function api(request: IncomingMessage, response: ServerResponse, pathname: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: recorded as text.
    }
    const recorded: Recorded = { method: request.method ?? 'GET', path: pathname, headers: request.headers, body };
    requests.push(recorded);
    const reply = current(recorded);
    if (reply === 'hang') {
      hung.push(response);
      return;
    }
    const { status, body: answer } = reply ?? { status: 404, body: { error: 'Not found' } };
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  async function file(response: ServerResponse, pathname: string) {
    const base = path.join(root, path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ''));
    for (const candidate of [base, path.join(base, 'index.html')]) {
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) {
        // Read before the head is written: a failed read can then still answer 500.
        const contents = await readFile(candidate);
        response.writeHead(200, { 'content-type': TYPES[path.extname(candidate)] ?? 'application/octet-stream' }).end(contents);
        return;
      }
    }
    const notFound = await readFile(path.join(root, '404.html')).catch(() => 'Not found');
    response.writeHead(404, { 'content-type': 'text/html' }).end(notFound);
  }

  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const handled = pathname.startsWith('/api/') ? api(request, response, pathname) : file(response, pathname);
    handled.catch((error: unknown) => {
      // A failure after the head went out (the page left mid-answer) can only close the response;
      // writing a second head would throw out of this handler and take the test worker down.
      if (response.headersSent) response.destroy();
      else response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (next) => {
      current = next;
    },
    close: async () => {
      for (const response of hung.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
