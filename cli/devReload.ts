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
  // Each element starts from 'all:initial' so the dealer's stylesheet (its h2, pre and button
  // rules, its theme) cannot restyle or hide the overlay; what follows in the same style wins.
  const styled = (tag, css) => {
    const element = document.createElement(tag);
    element.style.cssText = 'all:initial;box-sizing:border-box;display:block;' + css;
    return element;
  };
  const sans = 'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;';
  const show = (problems) => {
    document.getElementById(id)?.remove();
    if (!problems.length) return;
    const box = styled('div', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(0,0,0,.7);padding:16px;');
    box.id = id;
    box.setAttribute('role', 'alert');
    const panel = styled('div', 'max-width:880px;margin:24px auto;background:#1b1b1f;color:#f4f4f5;border-top:6px solid #e5484d;border-radius:8px;padding:20px 24px;box-shadow:0 12px 40px rgba(0,0,0,.5);' + sans);
    const title = styled('h2', 'margin:0 0 6px;font-size:18px;line-height:1.35;font-weight:700;color:#fff;' + sans);
    title.textContent = 'forecourt dev: the last edit does not build; this page is the last good site';
    const next = styled('p', 'margin:0 0 16px;font-size:14px;line-height:1.5;color:#c9c9cf;' + sans);
    next.textContent = 'Fix what is listed and save: the page reloads as soon as the dealer builds.';
    const list = styled('pre', 'margin:0 0 16px;padding:12px 14px;background:#0e0e10;border-radius:6px;color:#ffd1d1;font:13px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere;');
    list.textContent = problems.join('\\n');
    const close = styled('button', 'display:inline-block;min-height:44px;padding:10px 18px;border-radius:6px;background:#f4f4f5;color:#111;font-size:14px;font-weight:600;cursor:pointer;' + sans);
    close.type = 'button';
    close.textContent = 'Hide';
    close.onclick = () => box.remove();
    box.onkeydown = (event) => event.key === 'Escape' && box.remove();
    // 'all:initial' also takes the browser's focus ring away; this gives it back.
    const ring = document.createElement('style');
    ring.textContent = '#' + id + ' button:focus-visible{outline:3px solid #fff !important;outline-offset:2px !important}';
    panel.append(title, next, list, close);
    box.append(ring, panel);
    document.body.append(box);
    close.focus();
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
