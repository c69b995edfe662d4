/**
 * The car's 'Reserve Car Now' action as a page places it (the car page's actions, the discover
 * sidebar): the ReservationStatus island with its reservation-state URL and the car's reserve page.
 */
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import { reservePath } from '../../domain/routes/paths.ts';
import { Island } from '../Island.tsx';
import type { FormSite } from '../forms/formSite.ts';
import { reservationUrl } from './apiRoot.ts';
import { ReservationStatus } from './ReservationStatus.tsx';

/** The island for `car`, asking the API of `forms` whether it is reserved. */
export function ReserveCarAction({ site, forms, car }: { site: Site; forms: Pick<FormSite, 'api'>; car: Car }) {
  return (
    <Island
      name="ReservationStatus"
      component={ReservationStatus}
      props={{ url: reservationUrl({ api: forms.api, carId: car.id }), reserveHref: reservePath({ paths: site.paths, car }) }}
    />
  );
}
