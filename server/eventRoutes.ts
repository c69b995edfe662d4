/**
 * The lead API's event routes (SPEC §7 "Events and reveals"): the phone-call event, the phone
 * reveal and the miscellaneous record some sites save beside a valuation. Each is stored as it
 * came, after its ids are checked against the served site.
 */
import { isEntityId } from '../domain/leadApi.ts';
import { HttpError, invalidFields } from './answer.ts';
import { insertEvent, insertPhoneReveal } from './db/leadStore.ts';
import { checkShape, jsonRoute, type LeadApiScope, requireObject, UNKNOWN_CAR } from './jsonRoute.ts';
import { ANY_OBJECT_SCHEMA, MISCELLANEOUS_SCHEMA, PHONE_REVEAL_SCHEMA } from './leadShape.ts';
import { isKnownCarId, isKnownDealerId } from './siteConfig.ts';

/**
 * Largest body of the unauthenticated event endpoints (POST /events/car_phone_call, POST
 * /miscellaneous): a phone-call event is a car, dealership and website id plus the number (about
 * 100 bytes), a saved valuation its answer plus column_name (about 100 bytes); 4 KiB leaves room
 * for other fields and stops anyone storing 64 KB of anything per request.
 */
export const EVENT_BODY_LIMIT = 4 * 1024;

/** Registers POST /events/car_phone_call, /phone-reveal and /miscellaneous. */
export function registerEventRoutes({ scope }: { scope: LeadApiScope }): void {
  const { site } = scope;

  jsonRoute({
    scope,
    method: 'POST',
    url: '/events/car_phone_call',
    bodyLimit: EVENT_BODY_LIMIT,
    handle: async (request, tx) => {
      const body = requireObject(request.body);
      checkShape({ schema: ANY_OBJECT_SCHEMA, value: body });
      if (body.dealership_id != null && !(isEntityId(body.dealership_id) && isKnownDealerId({ site, dealershipId: body.dealership_id }))) {
        throw new HttpError({ status: 404, message: 'Unknown dealership' });
      }
      if (body.car_id != null && !isKnownCarId({ site, carId: body.car_id })) throw invalidFields({ car_id: UNKNOWN_CAR });
      const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'car_phone_call', payload: body });
      return { status: 201, body: { id } };
    },
  });

  jsonRoute({
    scope,
    method: 'POST',
    url: '/phone-reveal',
    handle: async (request, tx) => {
      const body = requireObject(request.body);
      checkShape({ schema: PHONE_REVEAL_SCHEMA, value: body });
      const dealershipId = (body.dealership_id as number | null | undefined) ?? null;
      const websiteId = (body.website_id as number | null | undefined) ?? null;
      if (dealershipId !== null && !isKnownDealerId({ site, dealershipId })) {
        throw new HttpError({ status: 404, message: `Unknown dealership ${dealershipId}` });
      }
      if (websiteId !== null && site.website_id !== null && websiteId !== site.website_id) {
        throw new HttpError({ status: 404, message: `Unknown website ${websiteId}` });
      }
      if (!isKnownCarId({ site, carId: body.car_id })) throw invalidFields({ car_id: UNKNOWN_CAR });
      await insertPhoneReveal({ db: tx, websiteSlug: site.slug, carId: body.car_id as number, dealershipId, websiteId });
      return { status: 201, body: { ok: true } };
    },
  });

  jsonRoute({
    scope,
    method: 'POST',
    url: '/miscellaneous',
    bodyLimit: EVENT_BODY_LIMIT,
    handle: async (request, tx) => {
      const body = requireObject(request.body);
      checkShape({ schema: MISCELLANEOUS_SCHEMA, value: body });
      const id = await insertEvent({ db: tx, websiteSlug: site.slug, type: 'miscellaneous', payload: body });
      return { status: 201, body: { id } };
    },
  });
}
