import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeHref } from './safeUrl.ts';

describe('isSafeUrl', () => {
  it.each([
    ['https://dealer.example/cars', true],
    ['http://dealer.example', true],
    ['tel:0299998888', true],
    ['mailto:sales@dealer.example', true],
    ['/search/new-cars', true],
    ['#finance-form', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['vbscript:x', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['', false],
    // Browsers drop tabs and newlines anywhere and control characters and spaces at the ends, and read '\\' as '/'.
    ['/\t/evil.example/x', false],
    ['/\n/evil.example', false],
    ['/\r\n/evil.example', false],
    ['\t//evil.example', false],
    ['\u0000//evil.example', false],
    ['\u001f/\\evil.example', false],
    ['/\t\\evil.example', false],
    ['\\/evil.example', false],
    ['\\\\evil.example', false],
    ['java\tscript:alert(1)', false],
    ['/a\tb/c', true],
    ['/%09/evil.example', true],
    ['/ /not-a-host', true],
  ])('%j -> %s', (url, ok) => {
    expect(isSafeUrl(url)).toBe(ok);
  });

  it('never accepts a path that a browser resolves to another host', () => {
    const site = 'https://site.example/base/';
    const piece = fc.constantFrom('/', '\\', '\t', '\n', '\r', ' ', '\u0000', '\u001f', 'evil.example', '.', '%2F', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const url = '/' + pieces.join('');
        if (isSafeUrl(url)) expect(new URL(url, site).host).toBe('site.example');
      }),
      { numRuns: 500 },
    );
  });
  it('safeHref drops unsafe and missing urls', () => {
    expect(safeHref('javascript:x')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref('/faqs')).toBe('/faqs');
  });

  it('safeHref percent-encodes brackets in the path and query, never in an IPv6 host', () => {
    expect(safeHref('/search/used-cars?range[price]=5000:15000')).toBe('/search/used-cars?range%5Bprice%5D=5000:15000');
    expect(safeHref('https://d.example/s?refinementList[make][0]=Kia')).toBe('https://d.example/s?refinementList%5Bmake%5D%5B0%5D=Kia');
    expect(safeHref('http://[::1]:8080/a[1]')).toBe('http://[::1]:8080/a%5B1%5D');
    expect(new URLSearchParams(safeHref('/s?range[price]=1:2')!.split('?')[1]).get('range[price]')).toBe('1:2');
  });
});
