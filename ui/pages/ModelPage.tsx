/**
 * Model page (SPEC §2 /models/{slug} and /{model-slug}): the model's name with its ALL-NEW and
 * (HYBRID) labels, image, description, price from, and the stock of that model.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';
import { formatPrice } from '../../domain/price.ts';
import { CarGrid } from './parts/CarGrid.tsx';
import { Picture } from './parts/Picture.tsx';
import { modelLabel } from './parts/ModelList.tsx';
import { say } from './parts/siteText.ts';
import { CONTACT_PATH, makeSearchPath } from '../../domain/routes/paths.ts';
import { modelStock } from './parts/pageStock.ts';

/** The model page. */
export function ModelPage({ site, route, data }: PageProps<RouteOf<'model' | 'model-slug'>>) {
  const { model } = route;
  const { locale, currency } = site.regionSettings;
  const stock = modelStock({ model, data });
  return (
    <>
      <section className="model-hero" aria-labelledby="model-title">
        <h1 id="model-title">
          {model.manufacturer_name} {modelLabel(model)}
        </h1>
        <Picture src={model.image?.url} alt={`${model.manufacturer_name} ${model.name}`} width={960} height={540} eager />
        {model.short_description && <p className="lead">{model.short_description}</p>}
        {model.price_from != null && model.price_from > 0 && (
          <p className="model-hero__price">From {formatPrice({ amount: model.price_from, locale, currency })}</p>
        )}
      </section>
      {model.description && (
        <section aria-labelledby="model-about">
          <h2 id="model-about">About the {model.name}</h2>
          {model.description.split(/\n{2,}/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </section>
      )}
      <section aria-labelledby="model-stock">
        <h2 id="model-stock">{model.name} in stock</h2>
        {stock.all.length > 0 ? (
          <>
            <CarGrid site={site} data={data} cars={stock.listed} />
            <p>
              <a href={makeSearchPath({ make: stock.all[0].make, model: stock.all[0].model })}>
                Search all {model.manufacturer_name} {model.name} stock
              </a>
            </p>
          </>
        ) : (
          <p>
            None in stock right now. <a href={CONTACT_PATH}>{say({ site, text: `Enquire about the ${model.name}` })}</a> and we will find one for you.
          </p>
        )}
      </section>
    </>
  );
}
