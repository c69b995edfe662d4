/**
 * Rules of lead delivery: what kind of thing a stored record is, which destinations of the
 * record get it, and when a failed delivery is tried again.
 */
import type { DeliveryDestination } from '../schema/resolved.generated.ts';

export type { DeliveryDestination };

/** What a delivery is about; a destination's `kinds` picks among these. */
export type DeliveryKind = DeliveryDestination['kinds'][number];

/** A lead whose category starts with 'Service' (the service booking forms) is a service booking. */
export function leadDeliveryKind({ category }: { category: string | null | undefined }): DeliveryKind {
  return typeof category === 'string' && /^service\b/i.test(category.trim()) ? 'service_booking' : 'lead';
}

/**
 * The destinations a record goes to. A destination scoped to the record's location wins over
 * one scoped to its dealership, which wins over the site-wide ones: a group's lead for a car at
 * one store reaches that store only. Within the chosen scope, only destinations taking `kind`.
 */
export function routeDestinations({
  destinations,
  kind,
  dealershipSlug,
  locationId,
}: {
  destinations: DeliveryDestination[];
  kind: DeliveryKind;
  dealershipSlug: string | null;
  locationId: number | null;
}): DeliveryDestination[] {
  const takes = (destination: DeliveryDestination) => destination.kinds.includes(kind);
  const atLocation = locationId === null ? [] : destinations.filter((d) => d.location_id === locationId);
  if (atLocation.length) return atLocation.filter(takes);
  const atDealership = dealershipSlug === null ? [] : destinations.filter((d) => d.location_id === undefined && d.dealership_slug === dealershipSlug);
  if (atDealership.length) return atDealership.filter(takes);
  return destinations.filter((d) => d.location_id === undefined && d.dealership_slug === undefined).filter(takes);
}

/** First retry after this many milliseconds; each further one waits twice as long... */
export const RETRY_BASE_MS = 30_000;
/** ...but never longer than this between two tries. */
export const RETRY_CAP_MS = 60 * 60_000;
/** Milliseconds to wait after failed attempt number `attempts` (1 = the first try failed). */
export function retryDelayMs({ attempts }: { attempts: number }): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** Milliseconds a send may take: an HTTP POST, or each step of an SMTP session (connect, greeting, each reply). */
export const DELIVERY_SEND_TIMEOUT_MS = 15_000;
/** How long a worker holds a delivery it is sending by default; a killed server's deliveries are due again after it. */
export const DEFAULT_DELIVERY_LEASE_MS = 120_000;
/**
 * The shortest lease for sends of `timeoutMs`: twice the timeout, as an SMTP send may spend it
 * connecting and again handing the message over, and must still record the send before the lease
 * ends (else another server takes the delivery and sends it again).
 */
export function minDeliveryLeaseMs({ timeoutMs }: { timeoutMs: number }): number {
  return 2 * timeoutMs;
}

/** An incomplete multi-step lead waits this long for its last step before it is sent as it is. */
export const INCOMPLETE_LEAD_WAIT_MS = 30 * 60_000;

/** When a new lead's deliveries are first due: now when it is complete, else after the wait for its last step. */
export function firstDeliveryDue({ now, complete }: { now: Date; complete: boolean }): Date {
  return new Date(now.getTime() + (complete ? 0 : INCOMPLETE_LEAD_WAIT_MS));
}
