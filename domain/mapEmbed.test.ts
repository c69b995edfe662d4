import { describe, expect, it } from 'vitest';
import { mapEmbedUrl } from './mapEmbed.ts';

const ADDRESS = { street: '212 Parramatta Road', city: 'Homebush', state: 'NSW', postcode: '2140', lat: null, long: null, place_id: null, map_key: null };

describe('mapEmbedUrl', () => {
  it.each([
    [
      'place id and key: the place',
      { place_id: 'ChIJ123', map_key: 'k-1', lat: -33.8, long: 151.1 },
      'https://www.google.com/maps/embed/v1/place?key=k-1&q=place_id%3AChIJ123',
    ],
    [
      'place id without a key: the coordinates',
      { place_id: 'ChIJ123', lat: -33.8665, long: 151.0832 },
      'https://www.google.com/maps?q=-33.8665,151.0832&z=15&output=embed',
    ],
    ['latitude 0 is a coordinate', { lat: 0, long: 151 }, 'https://www.google.com/maps?q=0,151&z=15&output=embed'],
    ['no coordinates: the written address', {}, 'https://www.google.com/maps?q=212%20Parramatta%20Road%2C%20Homebush%2C%20NSW%2C%202140&z=15&output=embed'],
    [
      'a blank key is no key',
      { place_id: 'ChIJ123', map_key: '  ' },
      'https://www.google.com/maps?q=212%20Parramatta%20Road%2C%20Homebush%2C%20NSW%2C%202140&z=15&output=embed',
    ],
    ['nothing at all', { street: '', city: '', state: '', postcode: '' }, null],
  ] as const)('%s', (_label, over, expected) => {
    expect(mapEmbedUrl({ address: { ...ADDRESS, ...over } })).toBe(expected);
  });
});
