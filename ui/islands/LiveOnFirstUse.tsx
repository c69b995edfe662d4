/**
 * Server markup that becomes a live component when the shopper starts using it (focus, pointer
 * or submit), so a page with a form in view ships the form's code only when it is used. The
 * swap keeps what was typed (read from the markup the moment before it is replaced), keeps focus
 * on the same field, and sends a submit that triggered the load once the live form is there.
 * FormOnDemand (lead forms) and TradeInOnDemand (the trade-in flow) are islands built on it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { readControls } from '../forms/readControls.ts';

/** Props of {@link LiveOnFirstUse}. */
export interface LiveOnFirstUseProps<P> {
  /** The server markup shown until first use (the island's own props, so hydration matches). */
  html: string;
  /** Loads the live component (a dynamic import). */
  load: () => Promise<ComponentType<P>>;
  /** What is loading, for the error logged when it cannot be ('The form', 'The trade-in valuation'). */
  what: string;
  /** The live element for `Live`, seeded with the values typed into the markup. */
  render: (Live: ComponentType<P>, typed: Record<string, string | boolean>) => ReactElement;
  /** Load at once instead of on first use (e.g. a draft from earlier in the visit). */
  loadNow?: boolean;
}

/** Shows `html` until first use, then the live component `render` makes. */
export function LiveOnFirstUse<P>({ html, load, what, render, loadNow = false }: LiveOnFirstUseProps<P>) {
  const host = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  const typed = useRef<Record<string, string | boolean> | null>(null);
  const pending = useRef<{ loading: boolean; submit: boolean; focus: string | null }>({ loading: false, submit: false, focus: null });

  // The live component is shown only once no pointer is down on the markup: swapping the
  // button out between mousedown and mouseup would make the browser drop the click (its target
  // would no longer be one element), losing the shopper's submit on a fast, cached load.
  const ready = useRef<ComponentType<P> | null>(null);
  const pointerDown = useRef(false);
  const reveal = () => {
    if (ready.current && !pointerDown.current) setLive(() => ready.current);
  };

  const start = () => {
    if (pending.current.loading) return;
    pending.current.loading = true;
    load().then(
      (component) => {
        ready.current = component;
        reveal();
      },
      (cause: unknown) => {
        pending.current.loading = false;
        console.error(new Error(`${what} could not be loaded`, { cause }));
      },
    );
  };

  const onPointerDown = () => {
    pointerDown.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      pointerDown.current = false;
      // After the click this pointer makes has been dispatched on the markup.
      setTimeout(reveal, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    start();
  };

  useEffect(() => {
    if (loadNow) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: loadNow is the server's initial choice
  }, []);

  // Focus in a layout effect: it must move to the live field before the browser handles the
  // next input, or a keystroke arriving right after the swap would land on nothing.
  useLayoutEffect(() => {
    const { focus } = pending.current;
    if (Live && focus) (document.getElementById(focus) as HTMLElement | null)?.focus();
  }, [Live]);
  // The pending submit once the live form's own effects have run (passive effects run children first).
  useEffect(() => {
    if (Live && pending.current.submit) host.current?.querySelector('form')?.requestSubmit();
  }, [Live]);

  if (Live) {
    if (typed.current === null) {
      // Read what was typed at the last moment: this render commits in the same task, so no
      // keystroke can fall between reading the server markup and replacing it.
      const staticForm = host.current?.querySelector('form') ?? null;
      const active = document.activeElement;
      pending.current.focus = active && staticForm?.contains(active) ? active.id : null;
      typed.current = readControls(staticForm);
    }
    return (
      <div ref={host} key="live" className="form-on-demand">
        {render(Live, typed.current)}
      </div>
    );
  }
  return (
    <div
      ref={host}
      key="static"
      className="form-on-demand"
      onFocusCapture={start}
      onPointerDownCapture={onPointerDown}
      onSubmitCapture={(event) => {
        event.preventDefault();
        pending.current.submit = true;
        start();
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
