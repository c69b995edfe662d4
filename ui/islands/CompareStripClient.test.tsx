import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { CompareStrip } from './CompareStrip.tsx';
import { CompareStrip as CompareStripClient } from './CompareStripClient.tsx';

const g = globalThis as { document?: unknown };
afterEach(() => {
  delete g.document;
});

describe('the compare strip in the browser', () => {
  it('renders first exactly the server HTML of the hidden strip', () => {
    const server = renderToString(<CompareStrip searchPath="/search/used-cars" />);
    const inner = server.slice(server.indexOf('>') + 1, server.length - '</aside>'.length);
    expect(inner).toContain('No Saved Cars');
    g.document = { querySelector: (selector: string) => (selector === 'aside.compare-strip' ? { innerHTML: inner } : null) };
    expect(renderToString(<CompareStripClient searchPath="/search/used-cars" />)).toBe(server);
  });
});
