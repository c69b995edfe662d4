import { describe, expect, it } from 'vitest';
import { imageUrl } from './images.ts';

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
