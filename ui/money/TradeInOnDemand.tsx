/**
 * The trade-in flow, loaded when the shopper starts using it (focus, pointer or submit), so the
 * trade-in and Sell Your Car pages stay within the first-load JS budget. Until then the island
 * shows the flow's server HTML; then it swaps in the live flow seeded with what was typed, keeps
 * focus on the same field and sends a submit that triggered the load. A draft from earlier in
 * the visit loads the flow at once (it resumes at the step the shopper reached).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { TradeInFlowProps } from './TradeInFlow.tsx';
import { draftKey, readControls, readDraft } from './draft.ts';

/** Props of {@link TradeInOnDemand}. */
export interface TradeInOnDemandProps {
  flow: TradeInFlowProps;
  /** ./tradeInMarkup.ts markup of `flow`. */
  html: string;
}

/** The island. */
export function TradeInOnDemand({ flow, html }: TradeInOnDemandProps) {
  const host = useRef<HTMLDivElement>(null);
  const [Flow, setFlow] = useState<ComponentType<TradeInFlowProps> | null>(null);
  const seed = useRef<Record<string, string> | null>(null);
  const pending = useRef<{ loading: boolean; submit: boolean; focus: string | null }>({ loading: false, submit: false, focus: null });

  const load = () => {
    if (pending.current.loading) return;
    pending.current.loading = true;
    import('./TradeInFlow.tsx').then(
      (module) => setFlow(() => module.TradeInFlow),
      (cause: unknown) => {
        pending.current.loading = false;
        console.error(new Error('The trade-in valuation could not be loaded', { cause }));
      },
    );
  };

  useEffect(() => {
    if (readDraft(draftKey('trade-in'))) load();
  }, []);

  useEffect(() => {
    if (!Flow) return;
    const { focus, submit } = pending.current;
    if (focus) (document.getElementById(focus) as HTMLElement | null)?.focus();
    if (submit) host.current?.querySelector('form')?.requestSubmit();
  }, [Flow]);

  if (Flow) {
    if (seed.current === null) {
      const staticForm = host.current?.querySelector('form') ?? null;
      const active = document.activeElement;
      pending.current.focus = active && staticForm?.contains(active) ? active.id : null;
      const typed = readControls(staticForm);
      seed.current = Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== '').map(([k, v]) => [k, String(v)]));
    }
    return (
      <div ref={host} key="live" className="form-on-demand">
        <Flow {...flow} initial={seed.current} />
      </div>
    );
  }
  return (
    <div
      ref={host}
      key="static"
      className="form-on-demand"
      onFocusCapture={load}
      onPointerDownCapture={load}
      onSubmitCapture={(event) => {
        event.preventDefault();
        pending.current.submit = true;
        load();
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
