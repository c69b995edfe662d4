import { describe, expect, it } from 'vitest';
import { CAR_PLACEHOLDER_IMAGE, cardImageUrl, carImageUrls, imageUrl, knownImageSize } from './images.ts';

describe('imageUrl', () => {
  it.each([
    [{ src: 'https://img.example.com/a.jpg', width: 400 }, 'https://img.example.com/a.jpg?w=400&auto=format&q=75'],
    [{ src: 'https://img.example.com/a.jpg?v=2', width: 130, quality: 60 }, 'https://img.example.com/a.jpg?v=2&w=130&auto=format&q=60'],
    [{ src: 'https://img.example.com/a.jpg?', width: 130 }, 'https://img.example.com/a.jpg?w=130&auto=format&q=75'],
    [{ src: 'https://img.example.com/a.jpg#x' }, 'https://img.example.com/a.jpg?auto=format&q=75#x'],
    [{ src: '/a.jpg', width: -1, quality: Number.NaN }, '/a.jpg?auto=format&q=75'],
    [{ src: '  ' }, ''],
  ])('%o -> %s', (args, url) => expect(imageUrl(args)).toBe(url));
});

describe('knownImageSize', () => {
  it.each([
    [
      { url: 'https://img.example.com/a.jpg', width: 1200, height: 630 },
      { width: 1200, height: 630 },
    ],
    [{ url: 'https://img.example.com/a.jpg', width: 1200 }, undefined],
    [{ url: 'https://img.example.com/a.jpg', width: 0, height: 630 }, undefined],
    [{ url: 'https://img.example.com/a.jpg' }, undefined],
    [{ url: '/assets/shared/cars/suv-1.svg' }, { width: 800, height: 500 }],
    [{ url: '/assets/shared/cars/x/suv-1.svg' }, undefined],
    [{ url: '/assets/dealer/logo.svg' }, undefined],
  ])('%o -> %o', (image, size) => expect(knownImageSize(image)).toEqual(size));
});

describe('carImageUrls', () => {
  it('lists the gallery, else the primary image, else the placeholder alone', () => {
    const images = [{ image: { url: '/a.jpg' } }, { image: { url: '/b.jpg' } }];
    expect(carImageUrls({ car: { images, primary_image_url: '/p.jpg' } })).toEqual(['/a.jpg', '/b.jpg']);
    expect(carImageUrls({ car: { images: [], primary_image_url: '/p.jpg' } })).toEqual(['/p.jpg']);
    expect(carImageUrls({ car: { images: [], primary_image_url: null } })).toEqual([CAR_PLACEHOLDER_IMAGE.url]);
  });
});

describe('cardImageUrl', () => {
  it('is the photo when it is a safe URL, else the placeholder', () => {
    expect(cardImageUrl({ url: 'https://cdn.example/car.jpg' })).toBe('https://cdn.example/car.jpg');
    expect(cardImageUrl({ url: '/assets/dealer/car.jpg' })).toBe('/assets/dealer/car.jpg');
    for (const url of [null, undefined, '', 'javascript:alert(1)']) expect(cardImageUrl({ url })).toBe(CAR_PLACEHOLDER_IMAGE.url);
  });
});
