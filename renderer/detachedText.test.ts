import { describe, expect, it } from 'vitest';
import { detachedText } from './detachedText.ts';

describe('detachedText', () => {
  it.each([
    ['', ''],
    ['/', '/'],
    ['/cars/2026-mazda-bt-50-140100001', '/cars/2026-mazda-bt-50-140100001'],
    ['ünïcödé ✓ text of more than thirteen characters', 'ünïcödé ✓ text of more than thirteen characters'],
  ])('copies %j unchanged', (text, expected) => {
    expect(detachedText({ text })).toBe(expected);
  });

  it('keeps a slice of a page equal to the slice', () => {
    const page = `<a href="/cars/x">${'y'.repeat(50_000)}</a>`;
    const href = page.slice(9, 16);
    expect(detachedText({ text: href })).toBe('/cars/x');
  });
});
