/**
 * The ASC events on window.dataLayer (domain/ascEvents.ts): installed when a tag is about to load,
 * it pushes the page view (asc_pageview; asc_item_pageview on a car page), translates the product
 * events already pushed, and from then on follows every product event pushed with its ASC event.
 * The product's own events stay as they were (SPEC §9 ids).
 */
import { ascEventFor, ascPageEvents, ascPageType, type AscVehicle, type ProductEvent } from '../../domain/ascEvents.ts';

/** What the page says about itself (ui/document.ts: the <html> element's data attributes). */
export interface AscPage {
  kind: string | null;
  vehicle: AscVehicle | null;
}

/** Reads the page's kind and car from <html data-page-kind data-asc-item>. */
export function readAscPage(root: { getAttribute(name: string): string | null } | null): AscPage {
  const kind = root?.getAttribute('data-page-kind') ?? null;
  const item = root?.getAttribute('data-asc-item');
  let vehicle: AscVehicle | null = null;
  try {
    const parsed = item ? (JSON.parse(item) as AscVehicle) : null;
    if (parsed && typeof parsed.id === 'number') vehicle = parsed;
  } catch (cause) {
    console.warn(new Error('The page carries an unreadable data-asc-item', { cause }));
  }
  return { kind, vehicle };
}

const installed = new WeakSet<unknown[]>();

/**
 * Installs the translation on host.dataLayer (once). With `gtagEvents` (GA4 without GTM, whose
 * gtag.js reads only gtag() commands) each ASC event is also sent as gtag('event', name, params).
 */
export function installAscEvents({
  host,
  page,
  gtagEvents,
}: {
  host: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  page: AscPage;
  gtagEvents: boolean;
}): void {
  const layer = (host.dataLayer ??= []);
  if (installed.has(layer)) return;
  installed.add(layer);
  const push = layer.push.bind(layer);
  const pageType = page.kind ? ascPageType({ kind: page.kind }) : null;
  const emit = (asc: Record<string, unknown>) => {
    push(asc);
    if (gtagEvents && host.gtag) {
      const { event, ...params } = asc;
      host.gtag('event', event, params);
    }
  };
  const translate = (item: unknown) => {
    if (!item || typeof item !== 'object' || typeof (item as ProductEvent).event !== 'string') return;
    const event = item as ProductEvent;
    const { vehicle } = page;
    // The page's car stands in for an event about it (or about no car: the car page's phone).
    const own = vehicle && event.vehicle === undefined && (event.car_id == null || event.car_id === vehicle.id) ? { ...event, vehicle } : event;
    const asc = ascEventFor({ event: own, pageType });
    if (asc) emit(asc);
  };
  const history = [...layer];
  if (page.kind) for (const view of ascPageEvents({ kind: page.kind, vehicle: page.vehicle })) emit(view);
  history.forEach(translate);
  layer.push = (...items: unknown[]) => {
    const length = push(...items);
    items.forEach(translate);
    return length;
  };
}
