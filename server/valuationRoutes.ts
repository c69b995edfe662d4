/**
 * The lead API's valuation routes (SPEC §7 "Leads and valuations"): the registration lookup, a
 * trade-in valuation with its first offer (stored with its delivery jobs in one transaction),
 * and its update with the shopper's adjustment answers.
 */
import { isDescribedVehicle, registrationErrors, valuationVehicleErrors } from '../domain/valuationVehicle.ts';
import { HttpError, invalidFields } from './answer.ts';
import { findValuation, insertValuation, updateValuationOffer } from './db/leadStore.ts';
import { deliveryRoute } from './delivery/deliveryRoute.ts';
import { enqueueDeliveries } from './delivery/outboxStore.ts';
import { valuationContactErrors } from './formCheck.ts';
import { checkShape, isObject, jsonRoute, type LeadApiScope, requireObject, UNKNOWN_CAR } from './jsonRoute.ts';
import { REGO_LOOKUP_SCHEMA, VALUATION_CREATE_SCHEMA, VALUATION_UPDATE_SCHEMA } from './leadShape.ts';
import { isKnownCarId, isKnownDealerSlug, type ServedSiteConfig } from './siteConfig.ts';
import { newUpdateToken, requestTokenHash } from './updateToken.ts';
import type { ValuationProvider, ValuationVehicle } from './valuationProvider.ts';
import { adjustedOffer, describedVehicle, initialOffer, lookupVehicle, marketPrice } from './vehicleLookup.ts';

/**
 * Registers POST /simple-autograb-lookup, POST /valuations and PUT /valuations. Only `demo`
 * mode (server/serveMode.ts) answers with the invented stand-in of ./vehicleLookup.ts; otherwise
 * there is no lookup (404) and a valuation is priced by the site's provider (`valuation:
 * instant`) or filed for the dealer to price, with no offer.
 */
export function registerValuationRoutes({
  scope,
  demo,
  valuationProvider,
}: {
  scope: LeadApiScope;
  demo: boolean;
  /** The HTTP valuation provider of a production site whose valuation is instant (./valuationProvider.ts). */
  valuationProvider: ValuationProvider | null;
}): void {
  const { site, clock } = scope;

  jsonRoute({
    scope,
    method: 'POST',
    url: '/simple-autograb-lookup',
    handle: async (request) => {
      // Production: no invented vehicle is ever answered.
      if (!demo) throw new HttpError({ status: 404, message: 'Not found' });
      const body = requireObject(request.body);
      checkShape({ schema: REGO_LOOKUP_SCHEMA, value: body });
      const errors = registrationErrors({ rego: body.rego, regoState: body.regoState, vin: body.vin, region: site.region });
      if (Object.keys(errors).length) throw invalidFields(errors);
      return { status: 200, body: lookupVehicle({ rego: body.rego as string, regoState: body.regoState as string, vin: body.vin as string | undefined }) };
    },
  });

  jsonRoute({
    scope,
    method: 'POST',
    url: '/valuations',
    // Checked and priced before the transaction opens: a slow provider holds no connection.
    prepare: async (request) => {
      // valuation: off: the site has no valuations at all.
      if (site.valuation === 'off') throw new HttpError({ status: 404, message: 'Not found' });
      const body = requireObject(request.body);
      const data = isObject(body.valuation) ? body.valuation : isObject(body.lead) ? body.lead : body;
      checkShape({ schema: VALUATION_CREATE_SCHEMA, value: data });
      const dealershipSlug = typeof data.dealership_slug === 'string' ? data.dealership_slug : site.slug;
      if (!isKnownDealerSlug({ site, dealershipSlug })) throw new HttpError({ status: 404, message: `Unknown dealer "${dealershipSlug}"` });
      const errors = {
        // SPEC §5 'Rego is optional': the registration, or the make, model, year and odometer (the form's rule).
        ...valuationVehicleErrors({ values: data, region: site.region }),
        ...valuationContactErrors({ data, site }),
      };
      if (data.car_id != null && !isKnownCarId({ site, carId: Number(data.car_id) })) errors.car_id = UNKNOWN_CAR;
      if (Object.keys(errors).length) throw invalidFields(errors);
      const priced = demo
        ? { ...demoValuation({ data, region: site.region }), problem: null }
        : await providerValuation({ data, provider: site.valuation === 'instant' ? valuationProvider : null });
      return { data, dealershipSlug, ...priced };
    },
    handle: async (_request, tx, { data, dealershipSlug, vehicle, offerPrice, problem }) => {
      const { token, hash } = newUpdateToken();
      const id = await insertValuation({
        db: tx,
        valuation: {
          dealershipSlug,
          websiteSlug: site.slug,
          rego: vehicle?.rego ?? (typeof data.rego === 'string' ? data.rego : null),
          regoState: vehicle?.regoState ?? (typeof data.regoState === 'string' ? data.regoState : null),
          offerPrice,
          payload: vehicle ? { ...data, vehicle, base_offer: offerPrice } : { ...data, ...(problem ? { valuation_problem: problem } : {}) },
          tokenHash: hash,
        },
      });
      await enqueueDeliveries({
        tx,
        site,
        subjectId: id,
        now: clock(),
        ...deliveryRoute({ site, lead: { ...data, dealership_slug: dealershipSlug } }),
        kind: 'valuation',
      });
      return { status: 201, body: { id, offer_price: offerPrice, update_token: token } };
    },
  });

  jsonRoute({
    scope,
    method: 'PUT',
    url: '/valuations',
    handle: async (request, tx) => {
      if (site.valuation === 'off') throw new HttpError({ status: 404, message: 'Not found' });
      const body = requireObject(request.body);
      checkShape({ schema: VALUATION_UPDATE_SCHEMA, value: body });
      const id = body.id as number;
      const tokenHash = requestTokenHash(request);
      const valuation = tokenHash ? await findValuation({ db: tx, id, websiteSlug: site.slug, tokenHash }) : null;
      if (!valuation) throw new HttpError({ status: 404, message: `Valuation ${id} not found` });
      const baseOffer = typeof valuation.payload.base_offer === 'number' ? valuation.payload.base_offer : valuation.offer_price;
      // Only demo mode moves an offer by its invented condition rules; a provider's offer (or none,
      // for the dealer to price) stays as it is and the answers go to the dealer.
      const offerPrice = demo && baseOffer !== null ? adjustedOffer({ baseOffer, adjustmentAnswers: body.adjustmentAnswers }) : valuation.offer_price;
      await updateValuationOffer({ db: tx, id, adjustmentAnswers: body.adjustmentAnswers, offerPrice });
      return { status: 200, body: { id, offer_price: offerPrice } };
    },
  });
}

/** The provider's offer for a valuation request, or none (filed for the dealer to price) with why. */
async function providerValuation({ data, provider }: { data: Record<string, unknown>; provider: ValuationProvider | null }) {
  if (!provider) return { vehicle: null, offerPrice: null, problem: null };
  const vehicle: ValuationVehicle = {};
  for (const name of ['rego', 'regoState', 'vin', 'make', 'model', 'year', 'km'] as const) {
    const value = data[name];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') vehicle[name] = typeof value === 'string' ? value.trim() : value;
  }
  const answer = await provider.offerFor(vehicle);
  return { vehicle: null, offerPrice: answer.offer_price, problem: answer.offer_price === null ? answer.problem : null };
}

/** Demo mode's invented vehicle and first offer for a valuation request (./vehicleLookup.ts). */
function demoValuation({ data, region }: { data: Record<string, unknown>; region: ServedSiteConfig['region'] }) {
  const vehicle = isDescribedVehicle({ values: data, region })
    ? describedVehicle({ make: String(data.make), model: String(data.model), year: Number(data.year), km: data.km as number })
    : lookupVehicle({ rego: data.rego as string, regoState: data.regoState as string, vin: data.vin as string | undefined });
  // The owner's odometer reading, when given, replaces the estimate.
  const retail = typeof data.km === 'number' ? marketPrice({ newPrice: vehicle.new_price, year: vehicle.year, km: data.km }) : vehicle.market_price;
  return { vehicle, offerPrice: initialOffer({ marketPrice: retail }) };
}
