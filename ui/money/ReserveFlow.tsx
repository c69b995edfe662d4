/**
 * Reserve with a deposit, the island of the reserve page:
 *
 * 1. the shopper's details on the shared lead form (form 'reserve'); the lead is created with an
 *    Idempotency-Key by the form itself;
 * 2. POST /api/reservations with that lead (one key per lead and payment attempt) answers the
 *    dealer's payment page, where the shopper is sent (one provider interface on the server);
 * 3. the provider sends the shopper back here with ?payment=paid|failed|cancelled; on 'paid' the
 *    page waits for the provider's confirmation (its webhook may arrive after the shopper does).
 *
 * Everything typed is kept in a sessionStorage draft, so a failed or abandoned payment (or a
 * reload) loses nothing; going again with unchanged details reuses the lead instead of sending a
 * second one. The form code itself loads on first use (FormOnDemand) to keep first-load JS small.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LeadFormProps } from '../forms/LeadForm.tsx';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { IslandServicesContext, useIslandServices, type IslandServices, type LeadResult } from '../islandServices.ts';
import { draftKey, readDraft, writeDraft } from './draft.ts';
import { readControls } from '../forms/readControls.ts';

/** Props of {@link ReserveFlow}. */
export interface ReserveFlowProps {
  /** The shared lead form, form 'reserve', about the car. */
  form: LeadFormProps;
  /** ui/forms/formMarkup.ts leadFormMarkup of `form`. */
  html: string;
  carId: number;
  carName: string;
  /** Deposit from the car's payment processors (domain rule applied by the page). */
  deposit: number;
  depositText: string;
  currency: string;
  /** The dealer's payment_provider (SPEC §3), passed to the server's provider interface. */
  provider: string | null;
  /** This page's path: where the payment provider sends the shopper back. */
  returnPath: string;
}

type Phase = 'form' | 'starting' | 'pay-error' | 'confirming' | 'stalled' | 'paid' | 'taken';

/** The flow's API code and texts, fetched when first needed (keeps the page's first-load JS small). */
const steps = () => import('./reserveText.ts');

/** Button that starts the payment again after the provider could not be reached. */
export const RETRY_TEXT = 'Continue to payment';

/** Button that asks again whether a payment was confirmed, once the page stopped asking by itself. */
const CHECK_AGAIN_TEXT = 'Check again';

/** The island. */
export function ReserveFlow({ form, html, carId, carName, deposit, depositText, currency, provider, returnPath }: ReserveFlowProps) {
  const base = useIslandServices();
  const key = draftKey('reserve', carId);
  const [phase, setPhase] = useState<Phase>('form');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The text of the current phase (loaded with the flow's code). */
  const [message, setMessage] = useState('');
  const host = useRef<HTMLDivElement>(null);
  const leadRef = useRef<string | number | null>(null);

  async function startPayment() {
    const leadId = leadRef.current;
    if (leadId == null) return;
    const attempt = Number(readDraft(key)?.attempt ?? 0);
    setPhase('starting');
    setError(null);
    const { callApi, ERROR_MESSAGES, RESERVE_TEXT } = await steps();
    setMessage(RESERVE_TEXT.starting);
    const result = await callApi<{ id: string; payment_url: string }>({
      api: form.site.api,
      path: '/reservations',
      method: 'POST',
      idempotencyKey: `reserve-${leadId}-${attempt}`,
      updateToken: typeof readDraft(key)?.leadToken === 'string' ? (readDraft(key)?.leadToken as string) : null,
      body: { car_id: carId, lead_id: leadId, amount: deposit, currency, provider, return_path: returnPath, description: `Deposit: ${carName}` },
    });
    if (result.ok) {
      writeDraft(key, { reservation: result.data.id });
      base.navigate({ url: result.data.payment_url });
      return;
    }
    if (result.status === 409) {
      setMessage(RESERVE_TEXT.taken);
      setPhase('taken');
      return;
    }
    setError(result.error ?? ERROR_MESSAGES.submit);
    setPhase('pay-error');
  }

  // The form's lead goes out as usual, except that unchanged details after a failed payment reuse
  // the lead already stored; 'success' continues to payment instead of the success page.
  const services = useMemo<IslandServices>(
    () => ({
      ...base,
      submitLead: async (request): Promise<LeadResult> => (await steps()).submitOnce({ submit: base.submitLead, key, request }),
      navigate: () => {
        leadRef.current = (readDraft(key)?.leadId as string | number | undefined) ?? null;
        void startPayment();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one services object per island
    [base],
  );

  /** Waits for the payment of `reference` to be confirmed; true when the flow is settled (paid or still confirming). */
  async function awaitConfirmation(reference: string): Promise<boolean> {
    const { callApi, confirmPayment, clearDraft, RESERVE_TEXT } = await steps();
    const ask = async () => {
      const result = await callApi<{ status: string }>({ api: form.site.api, path: `/reservations/${encodeURIComponent(reference)}` });
      return result.ok ? result.data.status : null;
    };
    const status = await confirmPayment({
      ask,
      onPending: () => {
        setMessage(RESERVE_TEXT.confirming);
        setPhase('confirming');
      },
    });
    if (status === 'paid') {
      clearDraft(key);
      setMessage(RESERVE_TEXT.paid(depositText, carName));
      setPhase('paid');
      return true;
    }
    if (status === 'pending') {
      // Not confirmed yet: the form stays hidden, so nobody pays twice while the provider catches up.
      setMessage(RESERVE_TEXT.stillConfirming);
      setPhase('stalled');
      return true;
    }
    setPhase('form');
    if (status === 'failed' || status === 'expired' || status === 'cancelled') setNotice(RESERVE_TEXT.failed);
    return false;
  }

  useEffect(() => {
    if (!base.live) return;
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const payment = params.get('payment');
    const reference = params.get('reservation');
    const draft = readDraft(key);
    void steps().then(async ({ callApi, RESERVE_TEXT, fillControls }) => {
      if (draft) fillControls(host.current?.querySelector('form') ?? null, draft.values);
      if (payment === 'paid' && reference && (await awaitConfirmation(reference))) return;
      if ((payment === 'failed' || payment === 'cancelled') && reference) {
        setNotice(RESERVE_TEXT[payment]);
        // The next payment is a new attempt (a new Idempotency-Key), counted once per returned payment.
        if (draft && draft.returned !== reference) writeDraft(key, { attempt: Number(draft.attempt ?? 0) + 1, returned: reference });
      }
      const state = await callApi<{ reserved: boolean }>({ api: form.site.api, path: `/cars/${carId}/reservation` });
      if (state.ok && state.data.reserved) {
        setMessage(RESERVE_TEXT.taken);
        setPhase('taken');
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [base]);

  const saveDraft = () => writeDraft(key, { values: readControls(host.current?.querySelector('form') ?? null, { typedOnly: true }) });

  if (phase === 'paid') {
    return (
      <div className="reserve-result reserve-result--paid" role="status">
        <h3>Reserved</h3>
        <p>{message}</p>
      </div>
    );
  }
  if (phase === 'confirming' || phase === 'stalled') {
    const reference = new URLSearchParams(globalThis.location?.search ?? '').get('reservation');
    return (
      <div className="reserve-result reserve-result--confirming" role="status">
        <p>{message}</p>
        {phase === 'stalled' && reference ? (
          <button type="button" className="btn btn-outline" onClick={() => void awaitConfirmation(reference)}>
            {CHECK_AGAIN_TEXT}
          </button>
        ) : null}
      </div>
    );
  }
  if (phase === 'taken') {
    return (
      <p className="reserve-result reserve-result--taken" role="status">
        {message}
      </p>
    );
  }
  return (
    <div className="reserve-flow" ref={host} onInputCapture={saveDraft} onChangeCapture={saveDraft}>
      {notice ? (
        <p className="form-alert reserve-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <IslandServicesContext.Provider value={services}>
        <FormOnDemand form={form} html={html} />
      </IslandServicesContext.Provider>
      {phase === 'starting' ? (
        <p className="reserve-starting" role="status">
          {message}
        </p>
      ) : null}
      {phase === 'pay-error' ? (
        <div className="reserve-pay-error">
          <p className="form-alert" role="alert">
            {error}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void startPayment()}>
            {RETRY_TEXT}
          </button>
        </div>
      ) : null}
    </div>
  );
}
