import { describe, expect, it } from 'vitest';
import { MAX_VISITED_PAGES, readSession, trackPage } from './sessionTracking.ts';
import { memoryStorage } from './storage.ts';

const warn = (e: Error) => {
  throw e;
};

describe('visit tracking (sessionStorage)', () => {
  it('records each page once in order, keeping the first value of each linked query parameter', () => {
    const storage = memoryStorage();
    trackPage({ storage, warn, pathname: '/', search: '?utm_source=google&gclid=abc' });
    trackPage({ storage, warn, pathname: '/', search: '?utm_source=google&gclid=abc' }); // reload
    trackPage({ storage, warn, pathname: '/cars/x', search: '?utm_source=facebook&ref=card' });
    expect(readSession({ storage, warn })).toEqual({
      visited_pages: ['/?utm_source=google&gclid=abc', '/cars/x?utm_source=facebook&ref=card'],
      linked_query_params: { utm_source: 'google', gclid: 'abc', ref: 'card' },
    });
  });

  it(`keeps the last ${MAX_VISITED_PAGES} pages`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < MAX_VISITED_PAGES + 5; i++) trackPage({ storage, warn, pathname: `/p${i}`, search: '' });
    const { visited_pages } = readSession({ storage, warn });
    expect(visited_pages).toHaveLength(MAX_VISITED_PAGES);
    expect(visited_pages[0]).toBe('/p5');
  });

  it('works without storage', () => {
    expect(trackPage({ storage: null, warn, pathname: '/a', search: '?q=1' })).toEqual({ visited_pages: ['/a?q=1'], linked_query_params: { q: '1' } });
  });
});
