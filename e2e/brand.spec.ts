/**
 * Every sample dealer's site carries its own brand: the header's brand rule, the primary action
 * and the links compute the record's `theme` colours (or their contrast-safe shades from
 * domain/brandColours.ts), never the stylesheet's or another dealer's.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { brandPalette, parseHex } from '../domain/brandColours.ts';
import { builtSlugs, siteUrl } from './sites.ts';

const slugs = builtSlugs().filter((slug) => existsSync(`dealers/${slug}/dealer.yaml`));
const rgb = (hex: string) => {
  const { r, g, b } = parseHex(hex);
  return `rgb(${r}, ${g}, ${b})`;
};

test('the sample dealers do not share one brand colour', () => {
  const primaries = slugs.map((slug) => (parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as { theme: { primary: string } }).theme.primary);
  expect(new Set(primaries).size).toBe(primaries.length);
});

for (const slug of slugs) {
  test(`brand colours of ${slug}`, async ({ page }) => {
    const { theme } = parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as { theme: { primary: string; accent: string } };
    const palette = brandPalette(theme);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(siteUrl(slug) + '/');
    const styles = await page.evaluate(() => {
      const css = (selector: string) => {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`no ${selector}`);
        return getComputedStyle(el);
      };
      const button = css('header .btn-primary');
      return {
        header: css('header.site-header').borderBottomColor,
        buttonBg: button.backgroundColor,
        buttonText: button.color,
        link: css('main a:not(.btn)').color,
      };
    });
    expect(styles).toEqual({
      header: rgb(palette.primary),
      buttonBg: rgb(palette.primary),
      buttonText: rgb(palette['on-primary']),
      link: rgb(palette['primary-text']),
    });
  });
}
