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
});
