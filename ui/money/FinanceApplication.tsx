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

/** Props of {@link FinanceApplication}. */
export interface FinanceApplicationProps {
  form: LeadFormProps;
  html: string;
  /** Record forms.car_clarity. */
  carClarity: boolean;
  /** The dealer's finance provider, whose disclaimer is read. */
  provider: string | null;
  /** Where per-car finance data lives ('/data/finance'). */
  dataPath: string;
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
export function FinanceApplication({ form, html, carClarity, provider, dataPath }: FinanceApplicationProps) {
  const base = useIslandServices();
  const [query, setQuery] = useState<{ fixed: Record<string, string>; carId: number | null }>({ fixed: {}, carId: null });
  const [disclaimer, setDisclaimer] = useState<string | null>(null);

  useEffect(() => {
    if (!base.live) return;
    const found = financeQuery(globalThis.location?.search ?? '');
    setQuery(found);
    if (found.carId === null || !provider) return;
    const url = `${dataPath}/${found.carId}.json`;
    fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ finance_lenders?: Record<string, { disclaimer?: string | null }> }>) : null))
      .then((answer) => setDisclaimer(answer?.finance_lenders?.[provider]?.disclaimer ?? null))
      .catch((cause: unknown) => console.warn(new Error(`The finance disclaimer of car ${found.carId} could not be read`, { cause })));
  }, [base, provider, dataPath]);

  const services = useMemo<IslandServices>(
    () => ({
      ...base,
      submitLead: async (request): Promise<LeadResult> => {
        const withCar = { ...request, context: { ...request.context, car_id: query.carId ?? request.context.car_id ?? null } };
        if (!carClarity || request.values.isLastStep !== true) return base.submitLead(withCar);
        return sendToCarClarity({ request: withCar });
      },
    }),
    [base, carClarity, query.carId],
  );

  return (
    <div className="finance-application">
      {query.fixed.vehiclePriceBudget || query.carId ? (
        <p className="finance-application__about" data-finance-query="">
          {query.carId ? `Applying for finance on car ${query.carId}` : 'Applying for finance'}
          {query.fixed.vehiclePriceBudget ? ` with a budget of ${query.fixed.vehiclePriceBudget}` : ''}.
        </p>
      ) : null}
      <IslandServicesContext.Provider value={services}>
        <FormOnDemand form={{ ...form, fixed: { ...form.fixed, ...query.fixed } }} html={html} />
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
