/**
 * The brand palette of a site from its record's `theme` colours: the brand colours themselves,
 * darker and lighter shades for hover and tinted surfaces, and for each brand colour the text
 * colour that reads on it and a shade of it that reads as text on white. Every pairing meets
 * WCAG AA for normal text (contrast at least 4.5:1), so any brand colour a dealer picks is safe.
 */

/** WCAG AA contrast for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The light and dark text colours put on a brand colour: pure black, because for a mid-tone colour
 * (relative luminance 0.18 to 0.20) white misses 4.5:1 and so does any grey lighter than black. */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#000000';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses '#rgb' or '#rrggbb' (the record's colour format); throws on anything else. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`'${hex}' is not a hex colour like #0b3d91`);
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
}

const toHex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG 2 relative luminance of a hex colour (0 black .. 1 white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two hex colours (1 .. 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `from` moved towards `to` by `amount` (0 .. 1), as '#rrggbb'. */
export function mixHex({ from, to, amount }: { from: string; to: string; amount: number }): string {
  const [a, b] = [parseHex(from), parseHex(to)];
  return toHex({ r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount });
}

/**
 * The text colour for a brand-coloured background: white when white reaches AA on it (white
 * text on a brand colour is what dealers expect), else near-black.
 */
export function readableTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= MIN_TEXT_CONTRAST ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The colour itself when it reads as text on `background` (AA), else the lightest darker shade
 * of it that does: links and outline buttons keep the brand's hue on a white page.
 */
export function textShadeOn({ colour, background = LIGHT_TEXT }: { colour: string; background?: string }): string {
  const own = toHex(parseHex(colour));
  if (contrastRatio(own, background) >= MIN_TEXT_CONTRAST) return own;
  for (let step = 1; step <= 20; step++) {
    const shade = mixHex({ from: own, to: '#000000', amount: step / 20 });
    if (contrastRatio(shade, background) >= MIN_TEXT_CONTRAST) return shade;
  }
  return '#000000';
}

/** The CSS custom properties of a brand palette, by name without the leading '--'. */
export interface BrandPalette {
  primary: string;
  'primary-strong': string;
  'primary-soft': string;
  'on-primary': string;
  'primary-text': string;
  accent: string;
  'accent-strong': string;
  'on-accent': string;
  'accent-text': string;
}

/** The palette of a `theme`'s primary and accent colours (hex). */
export function brandPalette({ primary, accent }: { primary: string; accent: string }): BrandPalette {
  const p = toHex(parseHex(primary));
  const a = toHex(parseHex(accent));
  // Hover shade: darker for a light-on-brand button, lighter for dark-on-brand, so hover stays visible
  // and its text (the same on-colour) keeps AA.
  const strong = (colour: string) => {
    const on = readableTextOn(colour);
    const shade = mixHex({ from: colour, to: on === LIGHT_TEXT ? '#000000' : '#ffffff', amount: 0.18 });
    return contrastRatio(on, shade) >= MIN_TEXT_CONTRAST ? shade : colour;
  };
  return {
    primary: p,
    'primary-strong': strong(p),
    'primary-soft': mixHex({ from: p, to: '#ffffff', amount: 0.9 }),
    'on-primary': readableTextOn(p),
    'primary-text': textShadeOn({ colour: p }),
    accent: a,
    'accent-strong': strong(a),
    'on-accent': readableTextOn(a),
    'accent-text': textShadeOn({ colour: a }),
  };
}
