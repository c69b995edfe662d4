import { describe, expect, it } from 'vitest';
import { normalizeHost, siteHosts } from './siteHosts.ts';

describe('normalizeHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['example.com:8443', 'example.com'],
    ['example.com.', 'example.com'],
    ['[::1]:4100', '::1'],
    ['::1', '::1'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['', null],
    [':80', null],
    [undefined, null],
  ])('%j -> %j', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });
});

describe('siteHosts', () => {
  it('lists the url host first, then the aliases, normalized and without repeats', () => {
    expect(siteHosts({ url: 'https://Dealer.example.com.au/', aliases: ['www.dealer.example.com.au', 'DEALER.example.com.au'] })).toEqual([
      'dealer.example.com.au',
      'www.dealer.example.com.au',
    ]);
  });
  it('has only the aliases when the url is missing or not a URL', () => {
    expect(siteHosts({ url: null, aliases: ['a.example'] })).toEqual(['a.example']);
    expect(siteHosts({ url: 'not a url', aliases: [] })).toEqual([]);
  });
});
