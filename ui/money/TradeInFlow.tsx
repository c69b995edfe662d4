/**
 * Trade-in valuation (SPEC §2 /cars/trade-in?car_id= and /valuations; §7), one island:
 *
 * 1. rego and state -> POST /api/simple-autograb-lookup; or, without the rego (SPEC §5 'Rego is
 *    optional'), the make, model and year, which skip step 2;
 * 2. confirm the vehicle found;
 * 3. odometer and the adjustment questions;
 * 4. the shopper's details (domain 'trade-in' form rules) -> POST /api/valuations, then
 *    PUT /api/valuations {id, adjustmentAnswers};
 * 5. the offer price, kept in local storage ('valuation'), and POST /api/miscellaneous with
 *    column_name 'valuation' where the dealer saves it ('Failed to save valuation data' logged).
 *
 * Every value typed lives in a sessionStorage draft; a failed call says why and keeps them all.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ERROR_MESSAGES, MESSAGES } from '../../domain/formMessages.ts';
import { fieldsFor, validateForm } from '../../domain/formRules.ts';
import { DESCRIBED_VEHICLE_FIELDS, describedVehicleErrors } from '../../domain/valuationVehicle.ts';
import { formatPrice } from '../../domain/price.ts';
import { regionSettings } from '../../domain/region.ts';
import { distanceInUnit, unitAbbr } from '../../domain/distance.ts';
import { Field } from '../forms/Field.tsx';
import { PrivacyNote } from '../forms/FormShell.tsx';
import type { FormSite } from '../forms/formSite.ts';
import { randomKey } from '../forms/submission.ts';
import { useIslandServices } from '../islandServices.ts';
import { readCreatedAnswer } from '../../domain/leadApi.ts';
import { callApi } from './moneyApi.ts';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft.ts';
import {
  ADJUSTMENT_QUESTIONS,
  adjustmentAnswers,
  CONTACT_FIELDS,
  kmField,
  leadAttributes,
  parseKm,
  valuationBody,
  VALUATION_STORAGE_KEY,
  vehicleTitle,
  type Vehicle,
} from './tradeInSteps.ts';

/** Props of {@link TradeInFlow}. */
export interface TradeInFlowProps {
  site: FormSite;
  /** POST /api/miscellaneous with the valuation (record forms.save_valuation_misc). */
  saveMisc: boolean;
  locale: string;
  currency: string;
  /** The dealership a car of this site belongs to when only its id is known (car_dealership_id). */
  dealershipId: number | null;
  /** Button of the last step. */
  submitLabel: string;
  /** Values typed before the flow's code loaded (TradeInOnDemand). */
  initial?: Record<string, string>;
}

type Step = 'rego' | 'confirm' | 'questions' | 'details' | 'offer';
type Values = Record<string, string>;

const STEP_TITLES: Record<Step, string> = {
  rego: 'Your car',
  confirm: 'Is this your car?',
  questions: 'About its condition',
  details: 'Your details',
  offer: 'Your offer',
};

/** The island. */
export function TradeInFlow({ site, saveMisc, locale, currency, dealershipId, submitLabel, initial }: TradeInFlowProps) {
  const services = useIslandServices();
  const key = draftKey('trade-in');
  const [step, setStep] = useState<Step>('rego');
  const [values, setValues] = useState<Values>({
    rego: '',
    regoState: '',
    vin: '',
    no_rego: '',
    make: '',
    model: '',
    year: '',
    km: '',
    condition: '',
    accident_damage: '',
    service_history: '',
    finance_owing: '',
    name: '',
    last_name: '',
    email: '',
    phone: '',
    postcode: '',
    ...initial,
  });
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [carId, setCarId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<number | null>(null);
  const valuationId = useRef<number | null>(null);
  const valuationToken = useRef<string | null>(null);
  const attempt = useRef<{ key: string; print: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The region's registration wording, states and odometer unit (domain/regionTable.ts).
  const row = regionSettings(site.region);
  const wording = row.registration;
  const unit = row.distance_unit;
  const lookupSpecs = fieldsFor({ form: 'trade-in', config: site.config })
    .filter((f) => f.name === 'rego' || f.name === 'regoState' || f.name === 'vin')
    .map((f) => ({
      ...f,
      required: f.name !== 'vin' && !(wording.vin_label !== null && values.vin.trim() !== ''),
      maxLength: f.name === 'rego' ? 9 : f.maxLength,
    }));

  // After hydration: the car from ?car_id=, the draft, and saved details for prefill.
  useEffect(() => {
    if (!services.live) return;
    const id = Number(new URLSearchParams(globalThis.location?.search ?? '').get('car_id'));
    if (Number.isInteger(id) && id > 0) setCarId(id);
    const draft = readDraft(key);
    const saved = services.savedDetails();
    setValues((current) => {
      const next = { ...current, ...(draft?.values as Values | undefined), ...initial };
      for (const name of CONTACT_FIELDS) if (!next[name] && saved[name]) next[name] = saved[name]!;
      return next;
    });
    if (draft?.vehicle) setVehicle(draft.vehicle as Vehicle);
    if (typeof draft?.valuationId === 'number') valuationId.current = draft.valuationId;
    if (typeof draft?.valuationToken === 'string') valuationToken.current = draft.valuationToken;
    if (draft?.attempt && typeof draft.attempt === 'object') attempt.current = draft.attempt as { key: string; print: string };
    if (draft?.step && draft.step !== 'offer') setStep(draft.step as Step);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [services]);

  const go = (next: Step) => {
    setStep(next);
    setErrors({});
    setAlert(null);
    writeDraft(key, { step: next });
    requestAnimationFrame(() => heading.current?.focus());
  };

  const onChange = (name: string, value: string | boolean) => {
    setValues((current) => {
      const next = { ...current, [name]: String(value) };
      writeDraft(key, { values: next });
      return next;
    });
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const required = (names: readonly string[]): Record<string, string> =>
    Object.fromEntries(names.filter((n) => !String(values[n] ?? '').trim()).map((n) => [n, MESSAGES.required]));

  // Without the rego the shopper names the car; the lookup and its confirmation are skipped.
  const described = values.no_rego === 'true';
  const noRegoField = { name: 'no_rego', label: 'Value my car by its make, model and year', type: 'checkbox', required: false } as const;

  function describe() {
    const found = describedVehicleErrors({ values });
    if (Object.keys(found).length) return setErrors(found);
    const next: Vehicle = { rego: '', regoState: '', make: values.make.trim(), model: values.model.trim(), year: Number(values.year.trim()) };
    setVehicle(next);
    writeDraft(key, { vehicle: next });
    valuationId.current = null;
    valuationToken.current = null;
    go('questions');
  }

  async function lookUp() {
    const found = required(lookupSpecs.filter((f) => f.required).map((f) => f.name));
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    // A VIN (where the region takes one) replaces the plate; NZ sends its one national register as the state.
    const vin = wording.vin_label !== null ? values.vin.trim() : '';
    const body = vin ? { vin } : { rego: values.rego.trim(), regoState: wording.national_register ?? values.regoState };
    const result = await callApi<Vehicle>({ api: site.api, path: '/simple-autograb-lookup', method: 'POST', body });
    setBusy(false);
    if (!result.ok && result.status === 404) {
      // No lookup service on this site (production without one): the registration goes to the
      // dealer as given, who prices the car; nothing is looked up or invented.
      const given: Vehicle = {
        rego: vin ? '' : values.rego.trim(),
        regoState: vin ? '' : (body.regoState ?? ''),
        make: '',
        model: '',
        year: 0,
        vin: vin || undefined,
      };
      setVehicle(given);
      writeDraft(key, { vehicle: given });
      valuationId.current = null;
      valuationToken.current = null;
      return go('questions');
    }
    if (!result.ok) {
      setErrors(result.errors);
      setAlert(result.error ?? ERROR_MESSAGES.submit);
      return;
    }
    setVehicle(result.data);
    writeDraft(key, { vehicle: result.data });
    if (!values.km && typeof result.data.km === 'number') onChange('km', String(distanceInUnit({ km: result.data.km, unit })));
    valuationId.current = null;
    valuationToken.current = null;
    go('confirm');
  }

  function answer() {
    const found = required(['km', ...ADJUSTMENT_QUESTIONS.map((q) => q.name)]);
    if (!found.km && parseKm(values.km) === null) found.km = `Please enter the odometer reading in whole ${unit === 'mile' ? 'miles' : 'kilometres'}.`;
    if (Object.keys(found).length) return setErrors(found);
    go('details');
  }

  async function value() {
    const all = validateForm({ form: 'trade-in', values, config: site.config });
    const found = Object.fromEntries(Object.entries(all).filter(([name]) => (CONTACT_FIELDS as readonly string[]).includes(name)));
    if (Object.keys(found).length) return setErrors(found);
    if (!vehicle) return go('rego');
    setBusy(true);
    setAlert(null);
    const body = valuationBody({
      values,
      vehicle,
      unit,
      car: carId ? { id: carId, dealership_id: dealershipId } : null,
      dealershipSlug: site.dealershipSlug,
      websiteSlug: site.slug,
      url: globalThis.location?.href ?? '',
      userAgent: globalThis.navigator?.userAgent ?? '',
      attributes: leadAttributes(readSession()),
    });
    // One valuation per attempt: the same details sent again (also after a reload) reuse the
    // Idempotency-Key and the valuation already created; changed details make a new one.
    const print = JSON.stringify({ contact: CONTACT_FIELDS.map((name) => values[name]), km: values.km, vehicle, carId });
    if (!attempt.current || attempt.current.print !== print) {
      attempt.current = { key: randomKey(), print };
      valuationId.current = null;
      valuationToken.current = null;
      writeDraft(key, { attempt: attempt.current, valuationId: null, valuationToken: null });
    }
    if (valuationId.current === null) {
      const created = await callApi<unknown>({
        api: site.api,
        path: '/valuations',
        method: 'POST',
        body,
        idempotencyKey: attempt.current.key,
      });
      if (!created.ok) return failed(created);
      const { id, token } = readCreatedAnswer(created.data);
      valuationId.current = id === null ? null : Number(id);
      valuationToken.current = token;
      // The update token stays in this tab's sessionStorage with the id: the PUT must carry it.
      writeDraft(key, { valuationId: valuationId.current, valuationToken: token });
    }
    const answers = adjustmentAnswers(values);
    const adjusted = await callApi<{ id: number; offer_price: number | null }>({
      api: site.api,
      path: '/valuations',
      method: 'PUT',
      body: { id: valuationId.current, adjustmentAnswers: answers },
      updateToken: valuationToken.current,
    });
    if (!adjusted.ok) return failed(adjusted);
    setBusy(false);
    setOffer(adjusted.data.offer_price);
    services.saveDetails({ values });
    try {
      globalThis.localStorage?.setItem(
        VALUATION_STORAGE_KEY,
        JSON.stringify({
          ...adjusted.data,
          rego: vehicle.rego,
          regoState: vehicle.regoState,
          vehicle,
          adjustmentAnswers: answers,
          km: parseKm(values.km),
          odometer_unit: unit,
          car_id: carId,
        }),
      );
    } catch (cause) {
      console.warn(new Error('Could not keep the valuation in local storage', { cause }));
    }
    if (saveMisc) {
      const saved = await callApi({ api: site.api, path: '/miscellaneous', method: 'POST', body: { ...adjusted.data, column_name: 'valuation' } });
      // SPEC §8: a failed save is only logged.
      if (!saved.ok) console.log(ERROR_MESSAGES.valuationSave);
    }
    clearDraft(key);
    go('offer');
  }

  function failed(result: { errors: Record<string, string>; error: string | null }) {
    setBusy(false);
    setErrors(result.errors);
    setAlert(result.error ?? ERROR_MESSAGES.submit);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'rego') {
      if (described) describe();
      else void lookUp();
    } else if (step === 'confirm') go('questions');
    else if (step === 'questions') answer();
    else if (step === 'details') void value();
  };

  const field = (spec: Parameters<typeof Field>[0]['field']) => (
    <Field key={spec.name} field={spec} idPrefix="trade-in" value={values[spec.name] ?? ''} error={errors[spec.name]} onChange={onChange} disabled={busy} />
  );
  const contactSpecs = fieldsFor({ form: 'trade-in', config: site.config }).filter((f) => (CONTACT_FIELDS as readonly string[]).includes(f.name));
  const stepNumber = ['rego', 'confirm', 'questions', 'details', 'offer'].indexOf(step) + 1;

  return (
    <form className="trade-in-flow lead-form" noValidate aria-label="Trade-in valuation" onSubmit={onSubmit} data-step={step}>
      <p className="form-progress__label">{step === 'offer' ? 'Done' : `Step ${stepNumber} of 4`}</p>
      <h3 tabIndex={-1} ref={heading}>
        {STEP_TITLES[step]}
      </h3>
      {step === 'rego' ? (
        <>
          {(described ? DESCRIBED_VEHICLE_FIELDS : lookupSpecs).map(field)}
          <Field field={noRegoField} idPrefix="trade-in" value={described} onChange={onChange} disabled={busy} />
        </>
      ) : null}
      {step === 'confirm' && vehicle ? (
        <div className="trade-in-vehicle" data-vehicle="">
          <p className="trade-in-vehicle__title">
            <strong>{vehicleTitle(vehicle)}</strong>
          </p>
          <p>{[vehicle.colour, vehicle.body, vehicle.transmission, vehicle.fuel].filter(Boolean).join(' · ')}</p>
          <p>
            {vehicle.rego
              ? wording.plate_line.replace('{plate}', vehicle.rego).replace('{state}', vehicle.regoState)
              : `${wording.vin_label ?? 'VIN'} ${vehicle.vin ?? ''}`}
          </p>
        </div>
      ) : null}
      {step === 'questions' ? <>{[kmField({ unit: unitAbbr(unit) }), ...ADJUSTMENT_QUESTIONS].map(field)}</> : null}
      {step === 'details' ? <>{contactSpecs.map(field)}</> : null}
      {step === 'offer' && offer === null ? (
        <div className="trade-in-offer" role="status">
          <p>Thank you: we have your car&apos;s details.</p>
          <p className="small">Our team will value it and contact you with an offer.</p>
        </div>
      ) : null}
      {step === 'offer' && offer !== null && vehicle ? (
        <div className="trade-in-offer" role="status">
          <p>Our offer for your {vehicleTitle(vehicle)}:</p>
          <p className="trade-in-offer__price" data-offer="">
            {formatPrice({ amount: offer, locale, currency })}
          </p>
          <p className="small">Subject to an inspection of the car. We will contact you to arrange it.</p>
        </div>
      ) : null}
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      {step !== 'offer' ? (
        <div className="form-actions">
          {step === 'confirm' ? (
            <button type="button" className="btn btn-outline" onClick={() => go('rego')}>
              No, search again
            </button>
          ) : step !== 'rego' ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => go(step === 'details' ? 'questions' : vehicle?.rego || vehicle?.vin ? 'confirm' : 'rego')}
            >
              Go Back
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {step === 'rego'
              ? described
                ? 'Continue'
                : 'Find My Car'
              : step === 'confirm'
                ? "Yes, That's My Car"
                : step === 'questions'
                  ? 'Continue'
                  : submitLabel}
          </button>
          {step === 'details' ? <PrivacyNote privacyPath={site.privacyPath} /> : null}
        </div>
      ) : null}
    </form>
  );
}

/** The visit record the runtime keeps in sessionStorage (lead_attributes). */
function readSession(): string | null {
  try {
    return globalThis.sessionStorage?.getItem('forecourt_session') ?? null;
  } catch (cause) {
    console.warn(new Error('sessionStorage is not available', { cause }));
    return null;
  }
}
