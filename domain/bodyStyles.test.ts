import { describe, expect, it } from 'vitest';
import { BODY_STYLES } from './bodyStyles.ts';
import { slugify } from './slug.ts';

describe('BODY_STYLES', () => {
  it("are SPEC §2's six, in its order, each slug the slug of its name", () => {
    expect(BODY_STYLES.map((s) => s.slug)).toEqual(['suv', 'hatchback', 'ute', 'coupe', 'sedan', 'wagon']);
    for (const style of BODY_STYLES) expect(slugify(style.name)).toBe(style.slug);
  });
});
