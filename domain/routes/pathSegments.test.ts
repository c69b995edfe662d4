import { describe, expect, it } from 'vitest';
import { overlongPathSegment } from './pathSegments.ts';

describe('overlongPathSegment', () => {
  it.each([
    ['a 255-byte segment fits', `/cars/${'a'.repeat(255)}`, null],
    ['a 256-byte segment does not', `/cars/${'a'.repeat(256)}`, 256],
    ['bytes count, not characters: 127 two-byte letters and one ASCII (255 bytes) fit', `/x/${'é'.repeat(127)}a`, null],
    ['128 two-byte letters (256 bytes) do not', `/x/${'é'.repeat(128)}`, 256],
    ['a segment is measured decoded: %C3%A9 is one 2-byte letter', `/x/${'%C3%A9'.repeat(127)}a`, null],
    ['decoded, 86 spaces written %20 are 86 bytes', `/x/${'%20'.repeat(86)}`, null],
    ['85 three-byte letters (255 bytes) fit', `/x/${'€'.repeat(85)}`, null],
    ['86 three-byte letters (258 bytes) do not, short as the path is', `/${'€'.repeat(86)}`, 258],
    ['86 three-byte letters written percent-encoded do not', `/x/${'%E2%82%AC'.repeat(86)}`, 258],
  ])('%s', (_, path, bytes) => {
    const found = overlongPathSegment(path);
    expect(found && found.bytes).toBe(bytes);
    if (found) expect(found.max).toBe(255);
  });

  it('names the first segment over the limit', () => {
    expect(overlongPathSegment(`/${'a'.repeat(300)}/${'b'.repeat(400)}`)?.segment).toBe('a'.repeat(300));
  });
});
