import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { carPhotos, serviceImage, serviceImageUrl, type PhotoSettings } from './photoUrls.ts';
import { localFiles, localWidths, pictureSources, socialImage, thumbSource } from './responsiveImage.ts';
import { photoSignerFromEnv } from '../renderer/photos/photoSigning.ts';

const PHOTO = 'https://cdn.dms.example/cars/12/a.jpg?sig=abc';
const settings = (service: PhotoSettings['service'], base_url: string | null = null): PhotoSettings => ({ service, base_url, quality: 75 });

describe('serviceImageUrl: each service in its documented URL form', () => {
  it.each([
    [settings('imgix'), 'https://cdn.dms.example/cars/12/a.jpg?sig=abc&w=640&auto=format&q=75'],
    [
      settings('cloudinary', 'https://res.cloudinary.com/demo'),
      'https://res.cloudinary.com/demo/image/fetch/c_limit,w_640,f_auto,q_75/https%3A%2F%2Fcdn.dms.example%2Fcars%2F12%2Fa.jpg%3Fsig%3Dabc',
    ],
    [
      settings('cloudflare', 'https://www.dealer.example'),
      'https://www.dealer.example/cdn-cgi/image/width=640,quality=75,fit=scale-down,f=auto/https://cdn.dms.example/cars/12/a.jpg?sig=abc',
    ],
    [
      settings('imgproxy', 'https://img.example'),
      'https://img.example/insecure/rs:fit:640:0/q:75/aHR0cHM6Ly9jZG4uZG1zLmV4YW1wbGUvY2Fycy8xMi9hLmpwZz9zaWc9YWJj',
    ],
    [
      settings('thumbor', 'https://img.example'),
      'https://img.example/unsafe/640x0/filters:quality(75)/https%3A%2F%2Fcdn.dms.example%2Fcars%2F12%2Fa.jpg%3Fsig%3Dabc',
    ],
    [settings('none'), PHOTO],
    // A service that needs an address and has none leaves the URL as it is.
    [settings('cloudinary'), PHOTO],
  ])('%o', (s, url) => expect(serviceImageUrl({ url: PHOTO, width: 640, settings: s })).toBe(url));

  it("signs imgproxy URLs as imgproxy's documentation does, and thumbor's with HMAC-SHA1", () => {
    const sign = photoSignerFromEnv({
      FORECOURT_SECRET_IMGPROXY_KEY: '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881',
      FORECOURT_SECRET_IMGPROXY_SALT: '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5',
      FORECOURT_SECRET_THUMBOR_KEY: 'MY_SECURE_KEY',
    });
    // docs.imgproxy.net 'Signing a URL': URL-safe base64 of HMAC-SHA256(key, salt + path), hex key and salt.
    const path = '/rs:fit:640:0/q:75/aHR0cHM6Ly9h';
    const expected = createHmac('sha256', Buffer.from('943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881', 'hex'))
      .update(Buffer.concat([Buffer.from('520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5', 'hex'), Buffer.from(path)]))
      .digest('base64url');
    expect(sign({ service: 'imgproxy', path })).toBe(expected);
    expect(serviceImageUrl({ url: 'https://a', width: 640, settings: settings('imgproxy', 'https://img.example'), sign })).toBe(
      `https://img.example/${expected}${path}`,
    );
    const url = serviceImageUrl({ url: PHOTO, width: 640, settings: settings('thumbor', 'https://img.example'), sign });
    expect(url).toMatch(/^https:\/\/img\.example\/[A-Za-z0-9_-]{27}=\/640x0\/filters:quality\(75\)\//);
    // No key: unsigned, never a made-up signature.
    expect(photoSignerFromEnv({})({ service: 'thumbor', path: 'x' })).toBeNull();
  });
});

describe('serviceImage and pictureSources', () => {
  it('offers every width through the service, the fallback near 640', () => {
    const image = serviceImage({ url: PHOTO, settings: settings('imgix') });
    const { srcset, src, sources } = pictureSources({ image });
    expect(image.widths).toEqual([320, 640, 960, 1280]);
    expect(srcset).toBe([320, 640, 960, 1280].map((w) => `${PHOTO}&w=${w}&auto=format&q=75 ${w}w`).join(', '));
    expect(src).toContain('w=640');
    expect(sources).toEqual([]);
    expect(pictureSources({ image, formats: 'webp' })).toEqual({ sources, srcset, src });
    expect(thumbSource({ image })).toBe(`${PHOTO}&w=160&auto=format&q=75`);
  });

  it.each([
    // A service that resizes: its own thumbnail at 160, whatever the feed names.
    [settings('imgix'), 'https://cdn.dms.example/t.jpg', `${PHOTO}&w=160&auto=format&q=75`],
    // Nothing resizes: the feed's own thumbnail, else the photo itself.
    [settings('none'), 'https://cdn.dms.example/t.jpg', 'https://cdn.dms.example/t.jpg'],
    [settings('none'), null, PHOTO],
    // An unsafe thumbnail URL is never shown.
    [settings('none'), 'javascript:alert(1)', PHOTO],
  ])('thumbnail through %o with the feed thumb %s: %s', (s, thumb, expected) => {
    const car = { images: [{ image: { url: PHOTO, ...(thumb ? { thumb: { url: thumb } } : {}) } }], primary_image_url: null };
    expect(thumbSource({ image: carPhotos({ car, settings: s })[0] })).toBe(expected);
  });

  it('names local files by width and format, AVIF and WebP first', () => {
    const image = { width: 1280, height: 960, widths: [320, 640, 960, 1280], base: '/assets/photos/abc' };
    const { sources, srcset, src } = pictureSources({ image });
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].srcset.split(', ')[0]).toBe('/assets/photos/abc-320.avif 320w');
    expect(srcset?.split(', ').at(-1)).toBe('/assets/photos/abc-1280.jpg 1280w');
    expect(src).toBe('/assets/photos/abc-640.jpg');
    expect(socialImage({ image })).toEqual({ url: '/assets/photos/abc-1280.jpg', width: 1280, height: 960 });
    // Later slides: WebP alone, one <img>; thumbnails the 160 px WebP.
    expect(pictureSources({ image, formats: 'webp' })).toEqual({
      sources: [],
      srcset: [320, 640, 960, 1280].map((w) => `/assets/photos/abc-${w}.webp ${w}w`).join(', '),
      src: '/assets/photos/abc-640.webp',
    });
    expect(thumbSource({ image })).toBe('/assets/photos/abc-160.webp');
  });

  it.each([
    // Own width -> the thumbnail file: 160 px WebP alone, unless a width already makes it; never enlarged.
    [{ width: 4032, height: 3024 }, { width: 160, height: 120, ext: 'webp' }, 13, '/x-160.webp'],
    [{ width: 300, height: 200 }, { width: 160, height: 107, ext: 'webp' }, 4, '/x-160.webp'],
    [{ width: 160, height: 100 }, undefined, 3, '/x-160.webp'],
    [{ width: 100, height: 50 }, undefined, 3, '/x-100.webp'],
  ])('localFiles(%o): thumbnail %o, %i files, shown as %s', (size, thumb, count, shown) => {
    const files = localFiles(size);
    expect(files).toHaveLength(count);
    expect(files.find((f) => f.ext === 'webp' && files.filter((g) => g.width === f.width).length === 1)).toEqual(thumb);
    const widths = localWidths(size).map((s) => s.width);
    const image = { ...size, widths, base: '/x' };
    expect(files.some((f) => `/x-${f.width}.${f.ext}` === thumbSource({ image }))).toBe(true);
    expect(thumbSource({ image })).toBe(shown);
  });

  it.each([
    [{ width: 4032, height: 3024 }, [320, 640, 960, 1280], 960],
    [{ width: 1280, height: 720 }, [320, 640, 960, 1280], 720],
    [{ width: 800, height: 600 }, [320, 640, 800], 600],
    [{ width: 300, height: 200 }, [300], 200],
  ])('localWidths(%o): never enlarged', (size, widths, lastHeight) => {
    const out = localWidths(size);
    expect(out.map((s) => s.width)).toEqual(widths);
    expect(out.at(-1)?.height).toBe(lastHeight);
  });

  it('gives a car without photos the placeholder at its own size', () => {
    const [only] = carPhotos({ car: { images: [], primary_image_url: null }, settings: settings('imgix') });
    expect(only).toMatchObject({ width: 800, height: 500, widths: [], urls: ['/assets/shared/cars/no-photo.svg'] });
    expect(socialImage({ image: only })).toEqual({ url: '/assets/shared/cars/no-photo.svg', width: 800, height: 500 });
  });
});
