/**
 * The measurement tags (gtag.js, GTM, Meta Pixel, call tracking), each added to the page once and
 * only when domain/consent.ts allows it, and the ASC events they read (./ascDataLayer.ts). Loaded
 * by the consent banner only once something is granted: a shopper on an opt-in site who has not
 * chosen downloads none of it.
 */
import type { ConsentChoice } from '../../domain/consent.ts';
import { allowedTags, type MeasurementTag } from '../../domain/measurement.ts';
import type { Measurement } from '../../domain/site.ts';
import { installAscEvents, readAscPage } from './ascDataLayer.ts';

/** The window parts the tags use. */
export interface TagHost {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: FbQueue;
  _fbq?: FbQueue;
  document: Pick<Document, 'createElement' | 'documentElement'> & { head: { append(node: Node): void } };
}

/** Meta's fbq command queue (fbevents.js replays it when it loads). */
interface FbQueue {
  (...args: unknown[]): void;
  queue: unknown[];
  push: FbQueue;
  loaded: boolean;
  version: string;
  callMethod?: (...args: unknown[]) => void;
}

const loaded = new WeakMap<object, Set<string>>();

/** The fbq stub of Meta's snippet: commands queue until fbevents.js loads. */
function metaQueue(): FbQueue {
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as FbQueue;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  return fbq;
}

function startTag({ host, tag, measurement }: { host: TagHost; tag: MeasurementTag; measurement: Measurement }): void {
  if (tag.kind === 'gtag') {
    host.gtag?.('js', new Date());
    host.gtag?.('config', measurement.ga4_measurement_id);
  } else if (tag.kind === 'gtm') host.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  else if (tag.kind === 'meta-pixel') {
    const fbq = (host.fbq ??= metaQueue());
    host._fbq ??= fbq;
    fbq('init', measurement.meta_pixel_id);
    fbq('track', 'PageView');
  }
  const script = host.document.createElement('script');
  script.src = tag.src;
  script.async = true;
  host.document.head.append(script);
}

/**
 * Adds the tags the grants allow that are not on the page yet, with the ASC events first. A tag
 * once added stays (a script cannot be unloaded): a later refusal reaches it through the consent
 * update, and the Meta Pixel's own consent call. `host.gtag` is the queue ./consentStart.ts defined.
 */
export function loadAllowedTags({ host, measurement, grants }: { host: TagHost; measurement: Measurement; grants: ConsentChoice }): void {
  const tags = allowedTags({ measurement, grants });
  if (tags.length > 0)
    installAscEvents({
      host,
      page: readAscPage(host.document.documentElement),
      gtagEvents: Boolean(measurement.ga4_measurement_id && !measurement.gtm_container_id),
    });
  const done = loaded.get(host) ?? new Set<string>();
  loaded.set(host, done);
  for (const tag of tags) {
    if (done.has(tag.kind)) continue;
    done.add(tag.kind);
    startTag({ host, tag, measurement });
  }
  if (done.has('meta-pixel')) host.fbq?.('consent', grants.ads ? 'grant' : 'revoke');
}
