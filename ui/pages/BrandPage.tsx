/**
 * Brand page (SPEC §2 /brands/{slug}): the make's logo, the group's dealership websites for it,
 * its models and its stock.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { slugify } from '../../domain/slug.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { ModelList } from './parts/ModelList.tsx';
import { Picture } from './parts/Picture.tsx';
import { makeSearchPath } from '../../domain/routes/paths.ts';
import { brandStock } from './parts/pageStock.ts';

/** The brand page. */
export function BrandPage({ site, route, data }: PageProps<RouteOf<'brand'>>) {
  const name = route.manufacturer.name;
  const slug = slugify(name);
  const stock = brandStock({ manufacturer: route.manufacturer, data });
  const websites = (site.dealership_websites ?? []).filter((w) => slugify(w.make) === slug && safeHref(w.url));
  const models = site.models.filter((m) => slugify(m.manufacturer_name) === slug);
  const logo = route.manufacturer.logo?.url ?? websites[0]?.logo?.url;
  return (
    <>
      <div className="brand-hero">
        <Picture src={logo} alt="" width={130} height={72} eager />
        <h1>{name}</h1>
      </div>
      {websites.length > 0 && (
        <section aria-labelledby="brand-sites">
          <h2 id="brand-sites">{name} dealerships</h2>
          <ul className="brand-sites">
            {websites.map((w) => (
              <li key={w.slug}>
                <a href={safeHref(w.url)} rel="noopener">
                  {w.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {models.length > 0 && (
        <section aria-labelledby="brand-models">
          <h2 id="brand-models">{name} models</h2>
          <ModelList models={models} />
        </section>
      )}
      <section aria-labelledby="brand-stock">
        <h2 id="brand-stock">{name} cars in stock</h2>
        {stock.all.length > 0 ? (
          <>
            <CarGrid site={site} data={data} cars={stock.listed} />
            <p>
              <a href={makeSearchPath({ make: stock.all[0].make })}>
                Search all {stock.all.length.toLocaleString(site.regionSettings.locale)} {name} cars
              </a>
            </p>
          </>
        ) : (
          <p>
            No {name} cars are in stock right now. <a href={site.default_search_path}>Browse all our stock</a>.
          </p>
        )}
      </section>
    </>
  );
}
