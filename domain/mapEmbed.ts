import type { Address } from './types.ts';

/**
 * The embedded map of an address (a location's map, loaded only when a shopper asks for it):
 * the place itself when the record has a place id and a maps key, else its coordinates, else
 * its written address. Null when there is nothing to show.
 */
export function mapEmbedUrl({
  address,
}: {
  address: Pick<Address, 'street' | 'city' | 'state' | 'postcode' | 'lat' | 'long' | 'place_id' | 'map_key'>;
}): string | null {
  const key = address.map_key?.trim();
  const place = address.place_id?.trim();
  if (key && place) return `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${encodeURIComponent(`place_id:${place}`)}`;
  if (typeof address.lat === 'number' && typeof address.long === 'number')
    return `https://www.google.com/maps?q=${address.lat},${address.long}&z=15&output=embed`;
  const written = [address.street, address.city, address.state, address.postcode].filter(Boolean).join(', ');
  return written ? `https://www.google.com/maps?q=${encodeURIComponent(written)}&z=15&output=embed` : null;
}
