/**
 * A button opening an information dialog (the 'Toyota Certified Vehicle' dialog, finance
 * information). Native <dialog>: focus moves in, Escape closes, focus returns to the button.
 */
import { useRef } from 'react';

/** Props of {@link InfoDialog}. */
export interface InfoDialogProps {
  label: string;
  title: string;
  paragraphs: readonly string[];
  className?: string;
  /** Unique per page. */
  id: string;
}

/** The button and its dialog. */
export function InfoDialog({ label, title, paragraphs, className = 'btn btn-outline', id }: InfoDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => ref.current?.showModal()}>
        {label}
      </button>
      <dialog ref={ref} className="info-dialog" aria-labelledby={`${id}-title`}>
        <div className="form-dialog__head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="form-dialog__close" aria-label="Close" onClick={() => ref.current?.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </dialog>
    </>
  );
}
