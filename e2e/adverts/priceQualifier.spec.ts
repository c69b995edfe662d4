/**
 * Every price says what it includes (docs/advertising.md): on an AU, an NZ and a US sample dealer,
 * the car page shows the qualifier beside the price and the price disclaimer under it, its Car
 * JSON-LD carries the qualifier as the Offer's priceSpecification, the search page's cards show it
 * with the disclaimer under the results, /compare's Price row reads it and the favourites card shows it. The expected wording
 * comes from the same domain rule (domain/priceQualifier.ts) with the dealer's record.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { priceDisclaimer, priceQualifier } from '../../domain/priceQualifier.ts';
import { REGION_TABLE } from '../../domain/regionTable.ts';
import { builtSlugs, kindOf, pagePaths, siteUrl } from '../sites.ts';
import { expect, test } from '../visitor.ts';
import { hydrated } from '../pageHelpers.ts';

interface Row {
  id: number;
  slug: string;
  price: number;
  before_price: number | null;
  price_type: string | null;
  status: string;
  sold: boolean;
  show_on_dealer_website: boolean;
  preorder: boolean;
}

/** Per region, the first sample dealer whose record writes its own price disclaimer (picked by its record, not its name). */
const DEALERS = (['AU', 'NZ', 'US'] as const).map((region) => {
  const slug = builtSlugs().find((candidate) => {
    const record = parse(readFileSync(`dealers/${candidate}/dealer.yaml`, 'utf8')) as { region?: string; advertising?: { price_disclaimer?: string } };
    return (record.region ?? 'AU') === region && Boolean(record.advertising?.price_disclaimer);
  });
  if (!slug) throw new Error(`no ${region} sample dealer writes advertising.price_disclaimer`);
  return [region, slug] as const;
});

/** A car in stock with a plain price (not reduced), its qualifier label, and the dealer's disclaimer lines. */
function expected(region: keyof typeof REGION_TABLE, slug: string) {
  const written = parse(readFileSync(`dealers/${slug}/dealer.yaml`, 'utf8')) as { advertising?: object; paths?: { favourites?: string } };
  const record = written.advertising ?? {};
  const rows = JSON.parse(readFileSync(`dealers/${slug}/stock.json`, 'utf8')) as Row[];
  const paths = new Set(pagePaths(slug));
  const car = rows.find(
    (row) => row.status === 'in_stock' && !row.sold && row.show_on_dealer_website && row.price > 10 && !row.before_price && paths.has(`/cars/${row.slug}`),
  )!;
  const { advertising, locale, currency } = REGION_TABLE[region];
  const qualifier = priceQualifier({ car, advertising, record, locale, currency });
  if (!qualifier) throw new Error(`${slug}: car ${car.id} has no qualifier`);
  return {
    car,
    label: qualifier.label,
    disclaimer: priceDisclaimer({ advertising, record }),
    search: [...paths].find((path) => kindOf(path) === 'search')!,
    favourites: written.paths?.favourites ?? '/favourites',
  };
}

for (const [region, slug] of DEALERS) {
  test(`${region} ${slug}: the qualifier beside the price and the disclaimer on car, search, compare and favourites pages; the JSON-LD says it`, async ({
    page,
  }) => {
    const { car, label, disclaimer, search, favourites } = expected(region, slug);
    const base = siteUrl(slug);

    await page.goto(`${base}/cars/${car.slug}`);
    const sidebar = page.locator('.car-detail__sidebar');
    await expect(sidebar.locator('.car-price__value .car-price__qualifier')).toHaveText(label);
    const under = sidebar.locator('[data-price-disclaimer] p');
    await expect(under).toHaveText(disclaimer);
    await expect(page.locator('footer [data-price-disclaimer] p')).toHaveText(disclaimer);
    const carData = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')]
        .flatMap((script) => {
          const data = JSON.parse(script.textContent ?? 'null') as { '@graph'?: unknown[] } | unknown[];
          return Array.isArray(data) ? data : (data?.['@graph'] ?? [data]);
        })
        .find((node) => (node as { '@type'?: string })['@type'] === 'Car'),
    );
    expect((carData as { offers: { priceSpecification: unknown } }).offers.priceSpecification).toMatchObject({
      '@type': 'PriceSpecification',
      price: car.price,
      priceCurrency: REGION_TABLE[region].currency,
      name: label,
    });

    await page.goto(`${base}${search}`);
    await hydrated(page);
    const qualifiers = page.locator('.car-card .car-price__qualifier');
    await expect(qualifiers.first()).toBeVisible();
    expect(await qualifiers.count()).toBeGreaterThan(0);
    await expect(page.locator('main [data-price-disclaimer] p').first()).toHaveText(disclaimer[0]);

    await page.evaluate((id) => localStorage.setItem('favourites', JSON.stringify([{ id }])), car.id);
    await page.goto(`${base}/compare`);
    const priceRow = page.getByRole('table').locator('tr', { has: page.getByRole('rowheader', { name: /^Price/ }) });
    await expect(priceRow).toContainText(label);
    await page.goto(`${base}${favourites}`);
    await expect(page.locator(`.car-card[data-car-id="${car.id}"] .car-price__qualifier`)).toHaveText(label);
    await page.evaluate(() => localStorage.removeItem('favourites'));
  });
}
