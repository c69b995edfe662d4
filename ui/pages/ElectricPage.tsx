/**
 * Electric cars (SPEC §2 /electric-cars): the electric and hybrid cars for sale, recognised by the
 * same tag rule that labels them on search cards (domain/carTag.ts). Each list shows its first
 * cars, as a brand page does, and links to the search for all of them: a large dealer's page
 * stays a page, not thousands of cards.
 */
import type { PageProps } from '../pageProps.ts';
import { encode } from '../../search/urlCodec.ts';
import { ALL_STOCK_SEARCH_PATH } from '../../domain/routes/paths.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { electrifiedStock, fuelSpellings, type PageStock } from './parts/pageStock.ts';
import { siteNow } from './parts/siteText.ts';

/** The search for every car of a list (every car type): its fuel types as the stock spells them. */
function fuelSearchPath({ stock }: { stock: PageStock }): string {
  return encode({ path: ALL_STOCK_SEARCH_PATH, state: { refinements: { simple_fuel: fuelSpellings(stock) } } });
}

/** One list of the page: its first cars, and the search for all of them when there are more. */
function FuelSection({ site, data, stock, id, title, noun }: Pick<PageProps, 'site' | 'data'> & { stock: PageStock; id: string; title: string; noun: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {stock.all.length > 0 ? (
        <>
          <CarGrid site={site} data={data} cars={stock.listed} />
          {stock.all.length > stock.listed.length && (
            <p>
              {/* No count: the search also lists the sold cars still in their window, which this page leaves out. */}
              <a href={fuelSearchPath({ stock })}>Search all {noun} cars</a>
            </p>
          )}
        </>
      ) : (
        <p>No {noun} cars are in stock right now.</p>
      )}
    </section>
  );
}

/** The electric cars page. */
export function ElectricPage({ site, data }: PageProps) {
  const { electric, hybrid } = electrifiedStock({ cars: data.cars, now: siteNow(site) });
  return (
    <>
      <h1>Electric and Hybrid Cars</h1>
      <p className="lead">Lower running costs and fewer emissions: the electric and hybrid cars in stock at {site.name}.</p>
      <FuelSection site={site} data={data} stock={electric} id="ev-electric" title="Electric" noun="electric" />
      <FuelSection site={site} data={data} stock={hybrid} id="ev-hybrid" title="Hybrid" noun="hybrid" />
      <p>
        <a href={site.default_search_path}>Browse all our stock</a>
      </p>
    </>
  );
}
