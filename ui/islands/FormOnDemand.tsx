/**
 * An inline lead form whose code loads when the shopper starts using it (focus, pointer or
 * submit), so pages with a form in view (the footer's 'Subscribe For Updates', contact pages)
 * stay within the first-load JS budget. Until then the island shows the form's server HTML
 * (passed in `html`, so hydration matches exactly); then it swaps in the live LeadForm, seeded
 * with whatever was already typed, focus kept on the same field, and a submit that triggered
 * the load is sent once the form is live.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { LeadFormProps } from '../forms/LeadForm.tsx';

/** Props of {@link FormOnDemand}. */
export interface FormOnDemandProps {
  form: LeadFormProps;
  /** ui/forms/formMarkup.ts leadFormMarkup of `form`. */
  html: string;
}

/** The current values of a form's controls, by name (checkboxes as booleans). */
export function readControls(form: HTMLFormElement | null): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  if (!form) return values;
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.type === 'file' || control.type === 'submit' || control.type === 'button') continue;
    values[control.name] = control.type === 'checkbox' ? control.checked : control.value;
  }
  return values;
}

/** The island. */
export function FormOnDemand({ form, html }: FormOnDemandProps) {
  const host = useRef<HTMLDivElement>(null);
  const [Form, setForm] = useState<ComponentType<LeadFormProps> | null>(null);
  const seed = useRef<Record<string, string | boolean> | null>(null);
  const pending = useRef<{ loading: boolean; submit: boolean; focus: string | null }>({ loading: false, submit: false, focus: null });

  const load = () => {
    if (pending.current.loading) return;
    pending.current.loading = true;
    import('../forms/LeadForm.tsx').then(
      (module) => {
        setForm(() => module.LeadForm);
      },
      (cause: unknown) => {
        pending.current.loading = false;
        console.error(new Error('The form could not be loaded', { cause }));
      },
    );
  };

  // Focus in a layout effect: it must move to the live field before the browser handles the
  // next input, or a keystroke arriving right after the swap would land on nothing.
  useLayoutEffect(() => {
    const { focus } = pending.current;
    if (Form && focus) (document.getElementById(focus) as HTMLElement | null)?.focus();
  }, [Form]);
  // The pending submit once the live form's own effects have run (passive effects run children first).
  useEffect(() => {
    if (Form && pending.current.submit) host.current?.querySelector('form')?.requestSubmit();
  }, [Form]);

  if (Form) {
    if (seed.current === null) {
      // Read what was typed at the last moment: this render commits in the same task, so no
      // keystroke can fall between reading the server markup and replacing it.
      const staticForm = host.current?.querySelector('form') ?? null;
      const active = document.activeElement;
      pending.current.focus = active && staticForm?.contains(active) ? active.id : null;
      seed.current = readControls(staticForm);
    }
    return (
      <div ref={host} key="live" className="form-on-demand">
        <Form {...form} initial={seed.current} />
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
