/**
 * Live reload for `forecourt dev`: a server-sent events stream that tells open pages to reload
 * after a rebuild or to show the build's problems as an overlay, and the small script that
 * listens to it. The script is added to HTML answers by the dev server only, so no generated
 * file (nothing that can be deployed) ever contains it.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Where the dev server answers (a path no generated site has: dot-free, reserved prefix). */
export const DEV_PREFIX = '/__forecourt';

/** The browser side: reload on 'reload', show or clear the overlay on 'problems'. */
export const DEV_CLIENT = `(() => {
  const source = new EventSource('${DEV_PREFIX}/events');
  const id = 'forecourt-dev-overlay';
  const show = (problems) => {
    document.getElementById(id)?.remove();
    if (!problems.length) return;
    const box = document.createElement('div');
    box.id = id;
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,20,.93);color:#fff;font:14px/1.5 ui-monospace,monospace;padding:24px';
    const title = document.createElement('h2');
    title.textContent = 'forecourt dev: the last edit does not build; this page is the last good site';
    const list = document.createElement('pre');
    list.style.whiteSpace = 'pre-wrap';
    list.textContent = problems.join('\\n');
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Hide';
    close.onclick = () => box.remove();
    box.append(title, list, close);
    document.body.append(box);
  };
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('problems', (event) => show(JSON.parse(event.data)));
})();
`;

/** The tag added before </body> of every HTML answer in dev. */
const SCRIPT_TAG = `<script src="${DEV_PREFIX}/client.js"></script>`;

/** The live-reload channel of a dev server. */
export interface DevReload {
  /** Tells every open page to reload (a build succeeded). */
  reload(): void;
  /** Shows these `file:line:col` problems on every open page (empty: none). */
  problems(lines: string[]): void;
  /** Ends every open stream (before the server closes). */
  close(): void;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Adds the events stream, the client script and the script tag to `app`. */
export function registerDevReload(app: FastifyInstance): DevReload {
  const clients = new Set<ServerResponse>();
  let current: string[] = [];
  const send = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  app.get(`${DEV_PREFIX}/client.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DEV_CLIENT),
  );
  app.get(`${DEV_PREFIX}/events`, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // A page opened (or reloaded) while the record is broken shows the overlay at once.
    send(reply.raw, 'problems', current);
    clients.add(reply.raw);
    request.raw.on('close', () => clients.delete(reply.raw));
  });
  // Pages leave the dev server uncompressed, so the script tag can be added to them.
  app.addHook('onRequest', async (request) => {
    delete request.headers['accept-encoding'];
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const html =
      typeof payload === 'string' ? payload : payload && typeof (payload as Readable).pipe === 'function' ? await readAll(payload as Readable) : null;
    if (html === null || !html.includes('</body>')) return html ?? payload;
    reply.removeHeader('content-length');
    return html.replace('</body>', `${SCRIPT_TAG}</body>`);
  });

  return {
    reload() {
      current = [];
      for (const res of clients) send(res, 'reload', {});
    },
    problems(lines) {
      current = lines;
      for (const res of clients) send(res, 'problems', lines);
    },
    close() {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
