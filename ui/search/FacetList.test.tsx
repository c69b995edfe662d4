import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { FacetList, matchesValueFilter } from './FacetList.tsx';

const MAKES = ['Audi', 'BMW', 'BYD', 'Ford', 'Holden', 'Hyundai', 'Kia', 'Mazda', 'Škoda', 'Toyota', 'Volkswagen'];
const counts = Object.fromEntries(MAKES.map((m, i) => [m, i + 1]));

describe('FacetList', () => {
  it('lists every value of a long facet (no Show more) under a labelled text filter', () => {
    const html = renderToString(<FacetList idPrefix="s" field="make" label="Make" counts={counts} selected={[]} onToggle={() => {}} />);
    expect(html.match(/type="checkbox"/g)).toHaveLength(MAKES.length);
    expect(html).toContain('Filter the 11 Make options');
    expect(html).toContain('facet__values--scroll');
    expect(html).not.toContain('Show more');
  });

  it('a short facet has no filter', () => {
    const html = renderToString(<FacetList idPrefix="s" field="make" label="Make" counts={{ Kia: 1, Ford: 2 }} selected={[]} onToggle={() => {}} />);
    expect(html).not.toContain('type="search"');
  });

  it.each([
    ['Toyota', 'toy', true],
    ['Škoda', 'skod', true],
    ['Land Rover', 'rover land', true],
    ['Volkswagen', 'wag', true],
    ['Kia', 'mazda', false],
    ['Kia', '', true],
  ])('%s matches %s: %s', (label, filter, ok) => expect(matchesValueFilter({ label, filter })).toBe(ok));
});
