import { describe, expect, it } from 'vitest';
import type { Car } from '../../domain/types.ts';
import type { PhotoSettings } from '../../domain/photoUrls.ts';
import { photoFeedWarnings } from './photoFeedWarnings.ts';

const car = (id: number, urls: string[], primary: string | null = null) =>
  ({ id, images: urls.map((url) => ({ image: { url } })), primary_image_url: primary }) as unknown as Car;
const settings = (service: PhotoSettings['service']): PhotoSettings => ({ service, base_url: null, quality: 75 });
const codes = (cars: Car[], service: PhotoSettings['service'] = 'imgix') =>
  photoFeedWarnings({ cars, settings: settings(service), file: 'stock.json' }).map((d) => d.code);

describe('photoFeedWarnings', () => {
  it.each([
    ['https photos', [car(1, ['https://a/1.jpg']), car(2, ['https://a/2.jpg'])], 'imgix', []],
    ['an http photo the browser would load', [car(1, ['https://a/1.jpg', 'http://a/2.jpg'])], 'imgix', ['photo-http']],
    ['an http primary photo as it is', [car(1, [], 'HTTP://a/1.jpg')], 'none', ['photo-http']],
    ['an http photo a service fetches', [car(1, ['http://a/1.jpg'])], 'cloudinary', []],
    ['an http photo fetched at generate', [car(1, ['http://a/1.jpg'])], 'local', []],
    ['every car the same photo', [car(1, ['https://a/x.jpg']), car(2, ['https://a/x.jpg', 'https://a/x.jpg'])], 'imgix', ['photo-all-same']],
    ['the same photo but for one', [car(1, ['https://a/x.jpg']), car(2, ['https://a/x.jpg']), car(3, [], 'https://a/y.jpg')], 'imgix', []],
    ['one car with one photo', [car(1, ['https://a/x.jpg'])], 'imgix', []],
    ['no photos at all', [car(1, []), car(2, [])], 'imgix', []],
  ] as const)('%s', (_name, cars, service, expected) => expect(codes([...cars], service)).toEqual(expected));

  it('names the car and the URL', () => {
    const [warning] = photoFeedWarnings({ cars: [car(42, ['http://dms.example/p.jpg'])], settings: settings('imgix'), file: 'stock.json' });
    expect(warning).toMatchObject({ file: 'stock.json', severity: 'warning' });
    expect(warning.message).toBe("car 42: 1 photo URL uses http:// (http://dms.example/p.jpg), which the site's Content-Security-Policy blocks");
  });
});
