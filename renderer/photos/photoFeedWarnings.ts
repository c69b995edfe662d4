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

/** The warnings of one feed (`file`) under the record's `images:` settings. */
export function photoFeedWarnings({ cars, settings, file }: { cars: readonly Car[]; settings: PhotoSettings; file: string }): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const warn = (pointer: string, code: string, message: string, hint: string) =>
    warnings.push({ file, line: 0, col: 0, pointer, severity: 'warning', code, message, hint });
  const all = new Set<string>();
  let carsWithPhotos = 0;
  for (const car of cars) {
    const urls = [...(car.images ?? []).map((i) => i.image.url), ...(car.primary_image_url ? [car.primary_image_url] : [])];
    if (urls.length) carsWithPhotos += 1;
    for (const url of urls) all.add(url);
    if (FETCHED_BY_SERVICE.has(settings.service)) continue;
    const plain = urls.filter((url) => /^http:\/\//i.test(url));
    if (plain.length)
      warn(
        '',
        'photo-http',
        `car ${car.id}: ${plain.length} photo URL${plain.length === 1 ? ' uses' : 's use'} http:// (${plain[0]}), which the site's Content-Security-Policy blocks`,
        `Have the feed send https:// photo URLs, or set images.service to one that fetches the photos (cloudinary, cloudflare, imgproxy, thumbor or local).`,
      );
  }
  if (carsWithPhotos > 1 && all.size === 1)
    warn(
      '',
      'photo-all-same',
      `every car's photos are the same URL (${[...all][0]})`,
      'The feed sends a placeholder as every photo: check the DMS export of photos.',
    );
  return warnings;
}
