/**
 * Analytics: events go to window.dataLayer, created when absent, with SPEC §9's
 * event ids (the ids themselves come from domain/analytics.ts via the islands).
 */
import type { AnalyticsEvent } from '../../ui/islandServices.ts';

/** A window that may carry a data layer. */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

/** Pushes one event onto host.dataLayer. */
export function pushEvent({ host, event }: { host: DataLayerHost; event: AnalyticsEvent }): void {
  if (!Array.isArray(host.dataLayer)) host.dataLayer = [];
  host.dataLayer.push({ ...event });
}
