/**
 * Electric cars (SPEC §2 /electric-cars): the electric and hybrid cars for sale, recognised by the
 * same tag rule that labels them on search cards (domain/carTag.ts).
 */
import type { PageProps } from '../pageProps.ts';
import type { Car } from '../../domain/types.ts';
import { carTag } from '../../domain/carTag.ts';
import { isForSale } from '../../domain/visibility.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { siteNow } from './parts/siteText.ts';

/** Cars for sale that the tag rule calls electric or hybrid. */
export function electrifiedCars({ cars, now }: { cars: Car[]; now: Date }): { electric: Car[]; hybrid: Car[] } {
  const electric: Car[] = [];
  const hybrid: Car[] = [];
  for (const car of cars) {
    if (!isForSale(car)) continue;
    const kind = carTag({ car, now, electricHybridTag: true })?.kind;
    if (kind === 'electric') electric.push(car);
    else if (kind === 'hybrid') hybrid.push(car);
  }
  return { electric, hybrid };
}

/** The electric cars page. */
export function ElectricPage({ site, data }: PageProps) {
  const { electric, hybrid } = electrifiedCars({ cars: data.cars, now: siteNow(site) });
  return (
    <>
      <h1>Electric and Hybrid Cars</h1>
      <p className="lead">Lower running costs and fewer emissions: the electric and hybrid cars in stock at {site.name}.</p>
      <section aria-labelledby="ev-electric">
        <h2 id="ev-electric">Electric</h2>
        {electric.length > 0 ? <CarGrid site={site} data={data} cars={electric} /> : <p>No electric cars are in stock right now.</p>}
      </section>
      <section aria-labelledby="ev-hybrid">
        <h2 id="ev-hybrid">Hybrid</h2>
        {hybrid.length > 0 ? <CarGrid site={site} data={data} cars={hybrid} /> : <p>No hybrid cars are in stock right now.</p>}
      </section>
      <p>
        <a href={site.default_search_path}>Browse all our stock</a>
      </p>
    </>
  );
}
