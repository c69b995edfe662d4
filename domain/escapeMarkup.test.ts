import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escapeMarkup.ts';

describe('escapeMarkup', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<script>', '&lt;script&gt;'],
    [`"quoted" 'single'`, '&quot;quoted&quot; &#39;single&#39;'],
    ['&amp;', '&amp;amp;'],
    ['', ''],
  ])('%j -> %j', (text, escaped) => expect(escapeMarkup(text)).toBe(escaped));
});
