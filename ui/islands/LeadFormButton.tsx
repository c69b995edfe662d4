/**
 * A button that opens a lead form in a dialog. The island itself is tiny: the form code
 * (ui/forms/*) is fetched with a dynamic import the first time the button is pressed.
 */
import { useState, type ComponentType } from 'react';
import type { LeadFormDialogProps } from '../forms/LeadFormDialog.tsx';
import type { LeadFormProps } from '../forms/LeadForm.tsx';

/** Props of {@link LeadFormButton}. */
export interface LeadFormButtonProps {
  /** Button text. */
  label: string;
  className?: string;
  /** Dialog heading. */
  title: string;
  intro?: string;
  form: LeadFormProps;
  /** Renders a link to this in-page target (used without JavaScript) instead of a plain button. */
  href?: string;
}

let loading: Promise<ComponentType<LeadFormDialogProps>> | null = null;

/** Loads the dialog (and with it the form code) once per page. */
function loadDialog(): Promise<ComponentType<LeadFormDialogProps>> {
  loading ??= import('../forms/LeadFormDialog.tsx').then(
    (module) => module.LeadFormDialog,
    (cause: unknown) => {
      loading = null; // let a later click try again
      throw new Error('The form could not be loaded', { cause });
    },
  );
  return loading;
}

/** The button (and, once opened, its dialog). */
export function LeadFormButton({ label, className = 'btn btn-primary', title, intro, form, href }: LeadFormButtonProps) {
  const [Dialog, setDialog] = useState<ComponentType<LeadFormDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onClick = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (Dialog) {
      setOpen(true);
      return;
    }
    setBusy(true);
    loadDialog().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
        setBusy(false);
        setFailed(false);
      },
      (error: Error) => {
        console.error(error, error.cause);
        setBusy(false);
        setFailed(true);
      },
    );
  };
  return (
    <>
      {href ? (
        <a href={href} className={className} onClick={onClick} aria-haspopup="dialog" aria-busy={busy || undefined} data-opens-form={form.form}>
          {label}
        </a>
      ) : (
        <button type="button" className={className} onClick={onClick} aria-haspopup="dialog" aria-busy={busy || undefined} data-opens-form={form.form}>
          {label}
        </button>
      )}
      {failed ? (
        <span className="form-alert" role="alert">
          The form could not be loaded. Please try again.
        </span>
      ) : null}
      {Dialog ? <Dialog title={title} intro={intro} open={open} onClose={() => setOpen(false)} form={form} /> : null}
    </>
  );
}
