/**
 * Every sample dealer's site carries its own brand: the header's brand rule, the primary action
 * and the links compute the record's `theme` colours (or their contrast-safe shades from
 * domain/brandColours.ts), never the stylesheet's or another dealer's. The same visit checks that
 * the home, with the record's own scripts, is served with the Content-Security-Policy and
 * hydrates without violating it or any error, and does not scroll sideways on a phone or a
 * desktop (every page kind of two dealers: pageKinds.spec.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { brandPalette, parseHex } from '../domain/brandColours.ts';
import { builtSlugs, siteUrl } from './sites.ts';
import { expectNoOverflow } from './overflow.ts';
import { expect, test } from './visitor.ts';
import { hydrated } from './pageHelpers.ts';

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
  test(`${slug}: brand colours, policy and no sideways scroll on the home page`, async ({ visitor: { page, violations }, watch }) => {
    const { theme } = parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as { theme: { primary: string; accent: string } };
    const palette = brandPalette(theme);
    await page.setViewportSize({ width: 1366, height: 900 });
    const res = await page.goto(siteUrl(slug) + '/');
    expect.soft(res?.headers()['content-security-policy']).toMatch(/(^|; )script-src 'self'[^;]*(;|$)/);
    await hydrated(page);
    expect.soft(await violations()).toEqual([]);
    expect.soft(watch.problems()).toEqual([]);
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
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoOverflow(page, `home at ${width}px`);
    }
  });
}
