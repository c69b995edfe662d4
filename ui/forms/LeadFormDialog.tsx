/**
 * A lead form in a modal (native <dialog>: focus moves in, Escape closes, focus returns to the
 * opener, the page behind is inert). Loaded on demand by ui/islands/LeadFormButton.tsx, so a
 * page ships no form code until a shopper opens a form. Closing only hides the dialog: the form
 * stays mounted and keeps what was typed.
 */
import { useEffect, useRef } from 'react';
import { LeadForm, type LeadFormProps } from './LeadForm.tsx';

/** Props of {@link LeadFormDialog}. */
export interface LeadFormDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  form: LeadFormProps;
  /** Optional text above the form (the car the form is about). */
  intro?: string;
}

/** The modal form. */
export function LeadFormDialog({ title, open, onClose, form, intro }: LeadFormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleId = `${form.idPrefix}-title`;
  return (
    <dialog ref={ref} className="form-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {intro ? <p className="form-dialog__intro">{intro}</p> : null}
      <LeadForm {...form} />
    </dialog>
  );
}
