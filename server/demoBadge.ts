/**
 * The Demo badge: in demo mode every HTML page the server answers starts with a small note that
 * payments and valuations are stand-ins. It is added to the answer (as `forecourt dev` adds its
 * reload script), so no generated file, and nothing deployed from out/, ever carries it.
 *
 * The note is an in-flow landmark at the top of the page (it covers nothing, at any width),
 * styled inline (the site's CSP allows inline styles, never inline scripts) from 'all: initial'
 * so the dealer's stylesheet cannot hide or restyle it. The test payment page, a stand-in that says
 * so under a CSP allowing no inline style, opts out (route config `demoBadge: false`).
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The badge's markup (exported for the tests). */
export const DEMO_BADGE =
  '<aside aria-label="Demo mode" data-forecourt-demo style="all:initial;display:block;box-sizing:border-box;width:100%;padding:4px 12px;background:#1b1b1f;color:#ffffff;font:13px/1.5 system-ui,-apple-system,&quot;Segoe UI&quot;,Roboto,sans-serif;text-align:center">' +
  '<strong style="all:initial;display:inline-block;margin-right:6px;padding:0 6px;border-radius:3px;background:#ffd60a;color:#1b1b1f;font:700 12px/1.5 system-ui,-apple-system,&quot;Segoe UI&quot;,Roboto,sans-serif;letter-spacing:.04em;text-transform:uppercase">Demo</strong>' +
  '<span style="all:initial;color:#ffffff;font:inherit">Payments and valuations on this site are stand-ins: nothing is charged.</span></aside>';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page with the badge as the first thing in its body (unchanged when it has no body tag). */
export function withDemoBadge(html: string): string {
  return html.replace(/<body\b[^>]*>/i, (tag) => `${tag}${DEMO_BADGE}`);
}

/**
 * Adds the badge to every HTML answer of `app`. Register it before the static site: its hook
 * then sees the page before it is compressed.
 */
export function registerDemoBadge(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    // A route that is itself a stand-in and says so (the test payment page) opts out with config.demoBadge: false.
    if (request.routeOptions.config?.demoBadge === false) return payload;
    const html =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : payload && typeof (payload as Readable).pipe === 'function'
            ? await readAll(payload as Readable)
            : null;
    if (html === null) return payload;
    reply.removeHeader('content-length');
    return withDemoBadge(html);
  });
}
