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
  ])('%s -> %s', (url, ok) => {
    expect(isSafeUrl(url)).toBe(ok);
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
