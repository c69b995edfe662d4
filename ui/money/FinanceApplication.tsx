/**
 * The finance application (SPEC §2 /finance, /finance-enquiry, /apply-for-finance): the
 * shared multi-step lead form 'finance' (required terms_agreed, 'I have read and understood the
 * Privacy Statement'), taking preferredDealership, vehiclePriceBudget, car_id and car_type from
 * the link (which ends at #finance-form). With a car, its finance disclaimer is fetched by car id.
 * Where the dealer sends finance leads to Car Clarity, the completed application is POSTed to
 * /api/carClarityCustomer with the submitted data as the body (SPEC §7).
 */
import { useEffect, useMemo, useState } from 'react';
import type { LeadFormProps } from '../forms/LeadForm.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { IslandServicesContext, useIslandServices, type IslandServices, type LeadResult } from '../islandServices.ts';
import { readCreatedAnswer } from '../../domain/leadApi.ts';
import { moneyApiRoot } from './apiRoot.ts';
import { formatPrice } from '../../domain/price.ts';
import { carDataShardPath } from '../../domain/carDataShards.ts';

/** Props of {@link FinanceApplication}. */
export interface FinanceApplicationProps {
  form: LeadFormProps;
  html: string;
  /** Record forms.car_clarity. */
  carClarity: boolean;
  /** The dealer's finance provider, whose disclaimer is read. */
  provider: string | null;
  /** The folder of the per-car finance data shards ('/data/finance', domain/carDataShards.ts). */
  dataPath: string;
  /** The folder of the per-car summary shards ('/data/cars', renderer/carSummaryData.ts). */
  carPath: string;
  /** The group's dealerships by slug: the link's preferredDealership preselects the dealership select. */
  dealershipNames: Record<string, string>;
  /** How the budget is shown. */
  format: { locale: string; currency: string };
}

/** A car's entry in its /data/cars shard (renderer/carSummaryData.ts). */
interface CarSummary {
  id: number;
  dealership_id: number;
  name: string;
  image: string | null;
  price: string | null;
  lead: Record<string, string>;
}

/** Car `carId`'s entry in its shard under `folder` (domain/carDataShards.ts), or null when the shard or the car is not there. */
async function fetchCarEntry<T>({ folder, carId }: { folder: string; carId: number }): Promise<T | null> {
  const response = await fetch(carDataShardPath({ folder, carId }), { headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  const shard = (await response.json()) as Record<string, T> | null;
  return shard && typeof shard === 'object' && Object.hasOwn(shard, String(carId)) ? shard[String(carId)] : null;
}

/** The link's query parameters the application takes (SPEC §2). */
export const FINANCE_QUERY = ['preferredDealership', 'vehiclePriceBudget', 'car_id', 'car_type'] as const;

/** The query parameters of the link, as lead fields (car_id as a number). */
export function financeQuery(search: string): { fixed: Record<string, string>; carId: number | null } {
  const params = new URLSearchParams(search);
  const fixed: Record<string, string> = {};
  for (const name of FINANCE_QUERY) {
    const value = params.get(name)?.trim();
    if (value && name !== 'car_id') fixed[name] = value.slice(0, 200);
  }
  const id = Number(params.get('car_id'));
  return { fixed, carId: Number.isInteger(id) && id > 0 ? id : null };
}

/** The island. */
export function FinanceApplication({ form, html, carClarity, provider, dataPath, carPath, dealershipNames, format }: FinanceApplicationProps) {
  const base = useIslandServices();
  const [query, setQuery] = useState<{ fixed: Record<string, string>; carId: number | null }>({ fixed: {}, carId: null });
  const [disclaimer, setDisclaimer] = useState<string | null>(null);
  const [car, setCar] = useState<CarSummary | null>(null);

  useEffect(() => {
    if (!base.live) return;
    const found = financeQuery(globalThis.location?.search ?? '');
    setQuery(found);
    if (found.carId === null) return;
    const carId = found.carId;
    fetchCarEntry<CarSummary>({ folder: carPath, carId })
      .then((summary) => setCar(summary && summary.id === carId ? summary : null))
      .catch((cause: unknown) => console.warn(new Error(`Car ${found.carId} could not be read`, { cause })));
    if (!provider) return;
    fetchCarEntry<{ finance_lenders?: Record<string, { disclaimer?: string | null }> }>({ folder: dataPath, carId })
      .then((answer) => setDisclaimer(answer?.finance_lenders?.[provider]?.disclaimer ?? null))
      .catch((cause: unknown) => console.warn(new Error(`The finance disclaimer of car ${found.carId} could not be read`, { cause })));
  }, [base, provider, dataPath, carPath]);

  const services = useMemo<IslandServices>(
    () => ({
      ...base,
      submitLead: async (request): Promise<LeadResult> => {
        // The car of the link: its id, its dealership and its SPEC §3 lead fields name it on the lead.
        const withCar = {
          ...request,
          values: car ? { ...request.values, ...car.lead } : request.values,
          context: {
            ...request.context,
            car_id: query.carId ?? request.context.car_id ?? null,
            car_dealership_id: car?.dealership_id ?? request.context.car_dealership_id ?? null,
          },
        };
        if (!carClarity || request.values.isLastStep !== true) return base.submitLead(withCar);
        return sendToCarClarity({ request: withCar });
      },
    }),
    [base, carClarity, query.carId, car],
  );

  const amount = Number(query.fixed.vehiclePriceBudget);
  const budget = query.fixed.vehiclePriceBudget && Number.isFinite(amount) && amount > 0 ? formatPrice({ amount, ...format }) : null;
  // The car's id and lead fields travel with the form's values, so the success page names the car too.
  const carFixed: Record<string, string> = query.carId ? { car_id: String(query.carId), ...car?.lead } : {};
  const dealership = query.fixed.preferredDealership ? (dealershipNames[query.fixed.preferredDealership] ?? null) : null;

  return (
    <div className="finance-application">
      {car ? (
        <figure className="finance-application__car" data-finance-car="">
          {car.image ? <img src={car.image} alt="" width={160} height={100} /> : null}
          <figcaption>
            <strong>{car.name}</strong>
            {car.price ? <span> {car.price}</span> : null}
          </figcaption>
        </figure>
      ) : null}
      {budget ? (
        <p className="finance-application__about" data-finance-query="">
          Your budget: {budget}
        </p>
      ) : null}
      <IslandServicesContext.Provider value={services}>
        <FormOnDemand form={{ ...form, fixed: { ...form.fixed, ...query.fixed, ...carFixed }, preset: dealership ? { dealership } : undefined }} html={html} />
      </IslandServicesContext.Provider>
      {disclaimer ? (
        <p className="finance-disclaimer small" data-finance-disclaimer="">
          {disclaimer}
        </p>
      ) : null}
    </div>
  );
}

/** SPEC §7 POST /api/carClarityCustomer with the submitted data (and the lead context) as the body. */
async function sendToCarClarity({ request }: { request: Parameters<IslandServices['submitLead']>[0] }): Promise<LeadResult> {
  const url = `${moneyApiRoot(request.api)}/carClarityCustomer`;
  const body = {
    ...request.values,
    form: request.form,
    ...request.context,
    url: globalThis.location?.href ?? '',
    source: 'Website',
    user_agent: globalThis.navigator?.userAgent ?? '',
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': request.idempotencyKey },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { errors?: Record<string, string> };
    const created = readCreatedAnswer(answer);
    if (response.ok) return { ok: true, id: created.id, token: created.token };
    return { ok: false, status: response.status, error: created.error, errors: answer.errors ?? {} };
  } catch (cause) {
    console.error(new Error(`Sending the finance application to ${url} failed`, { cause }));
    return { ok: false, status: null, error: null, errors: {} };
  }
}
