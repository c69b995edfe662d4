/**
 * Which store a submitted record belongs to, for routing its deliveries: the car's dealership
 * and location when it names a car of the site, else the location and dealership it chose.
 */
import { type DeliveryKind, leadDeliveryKind } from '../../domain/leadDelivery.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';

/** The routing facts of a lead (or valuation) body. */
export function deliveryRoute({ site, lead }: { site: ServedSiteConfig; lead: Record<string, unknown> }): {
  kind: DeliveryKind;
  dealershipSlug: string | null;
  locationId: number | null;
} {
  const car = lead.car_id == null ? undefined : site.cars.find((c) => c.id === Number(lead.car_id));
  const chosenLocation = lead.location_id == null || lead.location_id === '' ? null : Number(lead.location_id);
  return {
    kind: leadDeliveryKind({ category: typeof lead.category === 'string' ? lead.category : null }),
    dealershipSlug: car?.dealership_slug ?? (typeof lead.dealership_slug === 'string' ? lead.dealership_slug : site.slug),
    locationId: car?.location_id ?? (Number.isSafeInteger(chosenLocation) ? chosenLocation : null),
  };
}
