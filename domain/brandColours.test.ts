import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { brandPalette, contrastRatio, DARK_TEXT, LIGHT_TEXT, MIN_TEXT_CONTRAST, mixHex, parseHex, readableTextOn, textShadeOn } from './brandColours.ts';

describe('parseHex', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255 }],
    ['#0B3D91', { r: 11, g: 61, b: 145 }],
    ['#000000', { r: 0, g: 0, b: 0 }],
  ])('%s', (hex, rgb) => expect(parseHex(hex)).toEqual(rgb));

  it.each(['red', '#12345', '#ggg', 'rgb(0,0,0)', ''])('rejects %j', (value) => expect(() => parseHex(value)).toThrow(/not a hex colour/));
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b3d91', '#0b3d91')).toBe(1);
  });
  it('puts #767676 just above and #777777 just below AA on white', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});

describe('readableTextOn', () => {
  it.each([
    ['#767676', LIGHT_TEXT], // white reaches 4.54:1: white
    ['#777777', DARK_TEXT], // white only 4.48:1: dark
    ['#0b3d91', LIGHT_TEXT],
    ['#f5b700', DARK_TEXT],
    ['#ffffff', DARK_TEXT],
    ['#000000', LIGHT_TEXT],
  ])('on %s: %s', (bg, text) => expect(readableTextOn(bg)).toBe(text));

  it('always reaches AA, for any colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const bg = `#${n.toString(16).padStart(6, '0')}`;
        expect(contrastRatio(readableTextOn(bg), bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }),
    );
  });
});

describe('textShadeOn', () => {
  it('keeps a colour that already reads on white (#767676) and darkens one that does not (#777777)', () => {
    expect(textShadeOn({ colour: '#767676' })).toBe('#767676');
    const shade = textShadeOn({ colour: '#777777' });
    expect(shade).not.toBe('#777777');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
  it('turns yellow into a darker yellow that reads on white', () => {
    const shade = textShadeOn({ colour: '#f5b700' });
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(parseHex(shade).r).toBeGreaterThan(parseHex(shade).b); // still yellow-brown, not grey
  });
  it('always reaches AA on white, for any colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        expect(contrastRatio(textShadeOn({ colour: `#${n.toString(16).padStart(6, '0')}` }), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }),
    );
  });
});

describe('mixHex', () => {
  it('goes from one end to the other', () => {
    expect(mixHex({ from: '#000000', to: '#ffffff', amount: 0 })).toBe('#000000');
    expect(mixHex({ from: '#000000', to: '#ffffff', amount: 1 })).toBe('#ffffff');
    expect(mixHex({ from: '#000000', to: '#ffffff', amount: 0.5 })).toBe('#808080');
  });
});

describe('brandPalette', () => {
  it('keeps the brand colours and picks readable text on each', () => {
    const p = brandPalette({ primary: '#7B1E3A', accent: '#f5b700' });
    expect(p.primary).toBe('#7b1e3a');
    expect(p.accent).toBe('#f5b700');
    expect(p['on-primary']).toBe(LIGHT_TEXT);
    expect(p['on-accent']).toBe(DARK_TEXT);
    expect(p['primary-text']).toBe('#7b1e3a');
    expect(contrastRatio(p['accent-text'], '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
  it('gives hover shades that keep AA with the same text colour, for any pair', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 0, max: 0xffffff }), (a, b) => {
        const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
        const p = brandPalette({ primary: hex(a), accent: hex(b) });
        expect(contrastRatio(p['on-primary'], p['primary-strong'])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(p['on-accent'], p['accent-strong'])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }),
    );
  });
});

describe('readableTextOn at the mid-tone crossover', () => {
  it('finds AA text on a colour where white misses and a near-black grey would too (#7b7b7b .. #808080)', () => {
    for (const bg of ['#7b7b7b', '#7d7d7d', '#808080']) expect(contrastRatio(readableTextOn(bg), bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
