import { describe, expect, it } from 'vitest';
import { pageFile } from './stage.ts';

describe('pageFile', () => {
  it("names each page's file under the site root, segments decoded as the server decodes a request path", () => {
    const file = (path: string, kind = 'car') => pageFile({ path, kind } as Parameters<typeof pageFile>[0]);
    expect(file('/', 'home')).toBe('index.html');
    expect(file('/anything', 'not-found')).toBe('404.html');
    expect(file('/cars/2024-subaru-wrx-1')).toBe('cars/2024-subaru-wrx-1/index.html');
    expect(file('/cars/2024-subaru-wrx-1/')).toBe('cars/2024-subaru-wrx-1/index.html');
    expect(file('//cars//x//')).toBe('cars//x/index.html');
    expect(file('/search/land%20rover/range%2Frover')).toBe('search/land rover/range/rover/index.html');
    expect(file('cars/x')).toBe('cars/x/index.html');
  });
});
