/**
 * What `validate` (and generate) say about a feed's photos: an `http://` photo a browser would
 * load itself (imgix and none: the page's Content-Security-Policy allows https images only), and
 * a feed whose photos are all one URL (a DMS placeholder sent as every car's photo).
 */
import type { Car } from '../../domain/types.ts';
import type { PhotoSettings } from '../../domain/photoUrls.ts';
import type { Diagnostic } from '../diagnostic.ts';

/** Services that fetch the photo themselves (server to server), so an http:// source never reaches the browser. */
const FETCHED_BY_SERVICE = new Set<PhotoSettings['service']>(['cloudinary', 'cloudflare', 'imgproxy', 'thumbor', 'local']);

/** A URL the browser would load over plain HTTP. */
const HTTP = /^http:\/\//i;

/** The warnings of one feed (`file`) under the record's `images:` settings. */
export function photoFeedWarnings({ cars, settings, file }: { cars: readonly Car[]; settings: PhotoSettings; file: string }): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const warn = (pointer: string, code: string, message: string, hint: string) =>
    warnings.push({ file, line: 0, col: 0, pointer, severity: 'warning', code, message, hint });
  // The one URL every photo has so far (undefined before the first photo), until two differ: a
  // Set of every URL cost a 5,000-car feed ~150 ms per load to answer "are they all one URL?".
  let only: string | undefined;
  let differ = false;
  let carsWithPhotos = 0;
  const checkHttp = !FETCHED_BY_SERVICE.has(settings.service);
  for (const car of cars) {
    const urls = car.images ? car.images.map((i) => i.image.url) : [];
    if (car.primary_image_url) urls.push(car.primary_image_url);
    if (urls.length) carsWithPhotos += 1;
    if (!differ)
      for (const url of urls) {
        if (only === undefined) only = url;
        else if (url !== only) differ = true;
      }
    if (!checkHttp) continue;
    const plain = urls.filter((url) => HTTP.test(url));
    if (plain.length)
      warn(
        '',
        'photo-http',
        `car ${car.id}: ${plain.length} photo URL${plain.length === 1 ? ' uses' : 's use'} http:// (${plain[0]}), which the site's Content-Security-Policy blocks`,
        `Have the feed send https:// photo URLs, or set images.service to one that fetches the photos (cloudinary, cloudflare, imgproxy, thumbor or local).`,
      );
  }
  if (carsWithPhotos > 1 && only !== undefined && !differ)
    warn('', 'photo-all-same', `every car's photos are the same URL (${only})`, 'The feed sends a placeholder as every photo: check the DMS export of photos.');
  return warnings;
}
