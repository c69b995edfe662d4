/**
 * Every lead form (enquiry, general, contact, test drive, finance, trade-in, subscribe, career,
 * request photos) on the one form shell. Fields, validation and messages come from
 * domain/formRules.ts; steps from ./formPlan.ts; sending goes through the island services.
 *
 * Guarantees (docs/architecture.md "Nothing typed is lost"):
 * - a failed send keeps every value, shows SPEC §8's text in a red alert under the form, and
 *   the same values can be sent again (with the same Idempotency-Key);
 * - one lead per submission: a ref blocks re-entry while sending (double click, Enter spam)
 *   and the button stays disabled after success while the page moves to /success.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { formEventId } from '../../domain/analytics.ts';
import { validateForm, submitText as domainSubmitText, type FormKind } from '../../domain/formRules.ts';
import { ERROR_MESSAGES, FORM_TEXT, leadErrorText, multiStepErrorReport } from '../../domain/formMessages.ts';
import { finalSubmitFields, incompleteLeadFields, initialState, isLastStep, reducer, saveMode } from '../../domain/multiStepForm.ts';
import { successContext, successUrl } from '../../domain/successUrl.ts';
import { useIslandServices, type LeadResult } from '../islandServices.ts';
import { Field, fieldId } from './Field.tsx';
import { formLocations, formPlan, leadCategory, nextStep, planFixedValues } from './formPlan.ts';
import { appointmentErrors, appointmentMin } from './appointmentCheck.ts';
import type { FormCar, FormSite } from './formSite.ts';
import { FormShell } from './FormShell.tsx';
import { attemptFor, initialValues, leadValues, prefill, randomKey, type Attempt, type FormValues } from './submission.ts';

/** Props of {@link LeadForm}. */
export interface LeadFormProps {
  form: FormKind;
  site: FormSite;
  /** Unique per page: prefixes every element id. */
  idPrefix: string;
  car?: FormCar | null;
  locationId?: number | null;
  pageId?: string | null;
  /** Values the form always sends (e.g. a fixed category). */
  fixed?: FormValues;
  /** Fields left out (the subscribe form drops message and location). */
  remove?: string[];
  /** Adds a file input (career: a CV), sent multipart to /leads/with-files. */
  fileLabel?: string;
  /** Label of the form for assistive technology. */
  label: string;
  /** Values already typed (a form taking over its server markup keeps them). */
  initial?: FormValues;
  /** Values chosen for the shopper, which they may change (a link's preferred dealership). */
  preset?: FormValues;
}

/** The form. */
export function LeadForm({
  form,
  site,
  idPrefix,
  car = null,
  locationId = null,
  pageId = null,
  fixed: fixedProp = {},
  remove = [],
  fileLabel,
  label,
  initial,
  preset,
}: LeadFormProps) {
  const services = useIslandServices();
  const plan = formPlan({ form, site, remove, car });
  // A car answers its dealership and location; its SPEC §3 fields name it on every lead.
  const carValues = { ...planFixedValues({ form, site, car }), ...car?.lead };
  const fixed = { ...carValues, ...fixedProp };
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues({ fields: plan.fields, fixed }), ...preset, ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [state, dispatch] = useReducer(reducer, plan.steps.length, (count) => initialState({ count }));
  const sendingRef = useRef(false);
  const attemptRef = useRef<Attempt | null>(null);
  /** The update token of the lead a multi-step form created: kept in memory only, sent with each update. */
  const tokenRef = useRef<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // The earliest appointment offered is now: known only in the browser (the first render must match the server's).
  const [minDateTime, setMinDateTime] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (services.live) setMinDateTime(appointmentMin({ site, now: new Date() }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [services]);

  // Prefill after hydration (the server knows no saved details; the first render must match it).
  useEffect(() => {
    setValues((current) => prefill({ values: current, saved: services.savedDetails(), fields: plan.fields }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [services]);

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary, errors]);

  const stepNames = plan.steps[state.index] ?? [];
  const shown = plan.fields.filter((f) => f.type === 'hidden' || stepNames.includes(f.name));

  // SPEC §5 field rules, and the appointment rule where the form has a date and time.
  const allErrors = (current: FormValues) => ({
    ...validateForm({ form, values: current, config: site.config, dealershipOptions: site.dealershipOptions }),
    ...appointmentErrors({ form, site, car, values: current, now: new Date() }),
  });

  const check = (names: readonly string[]) => {
    const all = allErrors(values);
    return Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name) && plan.fields.some((f) => f.name === name)));
  };

  const onChange = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) {
      const next = allErrors({ ...values, [name]: value });
      setErrors((current) => {
        const copy = { ...current };
        if (next[name]) copy[name] = next[name];
        else delete copy[name];
        return copy;
      });
    }
  };

  const context = {
    dealership_slug: car?.dealership_slug ?? site.dealershipSlug,
    website_slug: site.slug,
    car_id: car?.id ?? null,
    car_dealership_id: car?.dealership_id ?? null,
    page_id: pageId,
    location_id: locationId ?? car?.location_id ?? null,
  };

  async function send({ payload, leadId }: { payload: Record<string, unknown>; leadId: string | number | null }): Promise<LeadResult> {
    const attempt = attemptFor({ previous: attemptRef.current, payload: { ...payload, lead_id: leadId }, newKey: randomKey });
    attemptRef.current = attempt;
    const files = fileRef.current?.files ? [...fileRef.current.files].map((file) => ({ field: 'files', file, name: file.name })) : [];
    const result = await services.submitLead({
      api: site.api,
      form,
      values: payload,
      context,
      files,
      leadId,
      updateToken: leadId != null ? tokenRef.current : null,
      idempotencyKey: attempt.key,
    });
    // A success ends this attempt; the next submission (if any) gets a new key. The first lead's token is kept, as its id is.
    if (result.ok) {
      attemptRef.current = null;
      tokenRef.current ??= result.token ?? null;
    }
    return result;
  }

  function failed(result: Extract<LeadResult, { ok: false }>, multi: boolean) {
    const text = multi || form === 'test-drive' ? leadErrorText({ serverError: result.error }) : (result.error ?? ERROR_MESSAGES.submit);
    if (Object.keys(result.errors).length) {
      setErrors(Object.fromEntries(Object.entries(result.errors).filter(([name]) => plan.fields.some((f) => f.name === name))));
    }
    setAlert(text);
    if (multi) {
      dispatch({ type: 'error', message: text });
      console.error(new Error(multiStepErrorReport({ category: leadCategory({ form, car, values }), message: text })));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const stepErrors = check(stepNames);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length) {
      setSummary(true);
      return;
    }
    setSummary(false);
    setAlert(null);
    const category = leadCategory({ form, car, values });
    const base = { ...leadValues({ fields: plan.fields, values }), ...fixed, category };
    const last = isLastStep(state);

    if (!last) {
      const mode = plan.saveSteps ? saveMode(state) : 'advance';
      // An optional step whose box is unticked (no car to trade) is skipped; back returns here.
      const to = nextStep({ plan, index: state.index, values });
      if (mode === 'advance') {
        dispatch(to > state.index + 1 ? { type: 'skip', to } : { type: 'next' });
        return;
      }
      sendingRef.current = true;
      setSending(true);
      // An incomplete save carries the steps filled so far, not the defaults of steps to come.
      const sofar = plan.steps.slice(0, state.index + 1).flat();
      const partial = { ...leadValues({ fields: plan.fields, values, names: sofar }), ...fixed, category };
      const result = await send({ payload: { ...partial, ...incompleteLeadFields(state) }, leadId: state.leadId });
      sendingRef.current = false;
      setSending(false);
      if (result.ok) dispatch({ type: 'saved', leadId: result.id, to });
      else failed(result, true);
      return;
    }

    sendingRef.current = true;
    setSending(true);
    dispatch({ type: 'submit' });
    const multi = plan.steps.length > 1;
    const payload = multi && plan.saveSteps ? { ...base, ...finalSubmitFields(state), lead_status: 'Complete' } : base;
    const result = await send({ payload, leadId: plan.saveSteps ? state.leadId : null });
    if (!result.ok) {
      sendingRef.current = false;
      setSending(false);
      failed(result, plan.saveSteps);
      return;
    }
    dispatch({ type: 'complete' });
    services.pushEvent({
      event: 'form_submit',
      event_id: formEventId({ form, carType: car?.car_type ?? null, tag: car?.tag ?? null }),
      form,
      category,
      lead_id: result.id,
      car_id: car?.id ?? null,
    });
    services.saveDetails({ values });
    if (car) services.storeEnquiredCar({ car: { id: car.id, name: car.name, car_type: car.car_type, dealership_id: car.dealership_id } });
    if (form === 'test-drive')
      services.storeSuccess({
        record: { category, car_id: car?.id ?? null, car_name: car?.name ?? null, dateTime: values.dateTime ?? '', lead_id: result.id, at: Date.now() },
      });
    services.storeSuccessCategory({ website: site.slug, category });
    // SPEC §4: with an id the shopper goes to the success page; the button stays disabled meanwhile.
    if (result.id != null)
      services.navigate({ url: successUrl({ category, carType: car?.car_type ?? textOf(base.car_type), extra: successContext({ context, base }) }) });
    else {
      sendingRef.current = false;
      setSending(false);
    }
  }

  const errorList = Object.entries(errors).filter(([name]) => stepNames.includes(name));
  const buttonText = domainSubmitText({ form, config: { submit_text: site.submitText }, region: site.region });
  return (
    <form className="lead-form" noValidate aria-label={label} onSubmit={onSubmit} data-form={form} data-sending={sending || undefined}>
      <FormShell state={state} submitText={buttonText} sending={sending} onBack={() => dispatch({ type: 'back' })} privacyPath={site.privacyPath}>
        {summary && errorList.length > 0 ? (
          <div className="form-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby={`${idPrefix}-summary-title`}>
            <p id={`${idPrefix}-summary-title`} className="form-summary__title">
              Please check the following:
            </p>
            <ul>
              {errorList.map(([name, message]) => (
                <li key={name}>
                  <a href={`#${fieldId({ idPrefix, name })}`}>{`${plan.fields.find((f) => f.name === name)?.label ?? name}: ${message}`}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {shown.map((field) => (
          <Field
            key={field.name}
            field={field}
            idPrefix={idPrefix}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={onChange}
            locations={formLocations({ form, site })}
            min={field.type === 'date' ? minDateTime : undefined}
            labelLink={field.name === 'terms_agreed' ? { text: FORM_TEXT.privacyStatement, href: site.privacyStatementPath } : undefined}
            disabled={sending}
          />
        ))}
        {fileLabel && isLastStep(state) ? (
          <div className="form-field">
            <label htmlFor={`${idPrefix}-files`}>{fileLabel}</label>
            <input id={`${idPrefix}-files`} type="file" name="files" ref={fileRef} accept=".pdf,.doc,.docx,.txt,image/*" />
          </div>
        ) : null}
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
      </FormShell>
    </form>
  );
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
