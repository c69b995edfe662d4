import { describe, expect, it } from 'vitest';
import { pageText, summarisePageChange } from './pageText.ts';

const page = ({ title = 'Corolla | Bayside', body = '', head = '' }: { title?: string; body?: string; head?: string }) =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** An island as ui/Island.tsx writes it: its wrapper, then its props. */
const island = (name: string, props: string) =>
  `<div data-island="${name}" data-when="load" style="display:contents"><button>Go</button></div><script type="application/json" data-island-props="">${props}</script>`;

describe('pageText', () => {
  it('keeps what a shopper reads: blocks as lines, entities decoded, scripts, styles and comments left out', () => {
    const html = page({
      title: 'Tom &amp; Co',
      body: '<h1>2024 <span>Corolla</span></h1><!-- x --><p>Drive&nbsp;away <strong>$24,990</strong></p><script type="application/json">{"price":1}</script><style>p{}</style><ul><li>A &lt; B</li><li>&#x27;ok&#39;</li></ul>',
    });
    expect(pageText(html)).toEqual({ title: 'Tom & Co', lines: ['2024 Corolla', 'Drive away $24,990', 'A < B', "'ok'"] });
  });
});

describe('summarisePageChange', () => {
  it.each([
    ['a price', page({ body: '<p>$24,990</p>' }), page({ body: '<p>$23,990</p>' }), ['price $24,990 -> $23,990']],
    [
      'a price inside a sentence',
      page({ body: '<p>Drive away $24,990 today</p>' }),
      page({ body: '<p>Drive away $23,990 today</p>' }),
      ['price $24,990 -> $23,990'],
    ],
    ['the title', page({ title: 'Corolla' }), page({ title: 'Corolla (Sold)' }), ["title 'Corolla' -> 'Corolla (Sold)'"]],
    ['a changed word', page({ body: '<p>Bayside Sales</p>' }), page({ body: '<p>Harbour Sales</p>' }), ["'Bayside' -> 'Harbour'"]],
    ['a line added', page({ body: '<p>a</p>' }), page({ body: '<p>a</p><p>Sold</p>' }), ["added 'Sold'"]],
    ['a line removed', page({ body: '<p>a</p><p>b</p>' }), page({ body: '<p>a</p>' }), ["removed 'b'"]],
    ['only the order', page({ body: '<p>a</p><p>b</p>' }), page({ body: '<p>b</p><p>a</p>' }), ['order of items changed']],
    [
      'structured data alone',
      page({ head: '<script type="application/ld+json">{"@type":"AutoDealer","priceRange":"$1"}</script>' }),
      page({ head: '<script type="application/ld+json">{"@type":"AutoDealer","priceRange":"$2"}</script>' }),
      ["structured data priceRange '$1' -> '$2'"],
    ],
    [
      "an island's data alone",
      page({ body: island('Gallery', '{"n":1}') + island('ShowMeCars', '{"priceDeltas":[0,1000]}') }),
      page({ body: island('Gallery', '{"n":1}') + island('ShowMeCars', '{"priceDeltas":[0,2000]}') }),
      ['island data ShowMeCars'],
    ],
    ['an attribute alone', page({ body: '<p class="a">x</p>' }), page({ body: '<p class="b">x</p>' }), ['markup only (page scripts or attributes)']],
  ])('names %s', (_what, before, after, summary) => expect(summarisePageChange({ before, after })).toEqual(summary));

  it('lists five changes, then how many more', () => {
    const lines = (n: number) => Array.from({ length: 8 }, (_, i) => `<p>line ${i} v${n}${i}</p>`).join('');
    const summary = summarisePageChange({ before: page({ body: lines(1) }), after: page({ body: lines(2) }) });
    expect(summary).toHaveLength(6);
    expect(summary.at(-1)).toBe('... and 3 more');
  });
});
