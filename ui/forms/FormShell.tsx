/**
 * The one form shell every lead form uses (SPEC §2 "Multi-step form shell"): a progress bar,
 * 'Step X of Y', 'Go Back', 'Continue' and 'Submit'. A single-step form shows only its submit
 * button (with the dealer's submit text).
 */
import type { ReactNode } from 'react';
import { FORM_TEXT } from '../../domain/formMessages.ts';
import { progressPercent, stepLabel, type MultiStepState } from '../../domain/multiStepForm.ts';

/** Props of {@link FormShell}. */
export interface FormShellProps {
  state: Pick<MultiStepState, 'index' | 'count' | 'complete'>;
  /** Text of the last step's button (single forms: 'Enquire Now', 'Message Now', 'Subscribe'). */
  submitText: string;
  sending: boolean;
  onBack: () => void;
  /** The dealer's privacy page, linked beside the submit button (every form collects personal data). */
  privacyPath?: string;
  /** Error summary, fields, alert: the step's content. */
  children: ReactNode;
}

/** The shell around a form's current step. */
export function FormShell({ state, submitText, sending, onBack, privacyPath, children }: FormShellProps) {
  const multi = state.count > 1;
  const last = state.index >= state.count - 1;
  const percent = progressPercent(state);
  return (
    <>
      {multi ? (
        <div className="form-progress">
          <p className="form-progress__label">{stepLabel(state)}</p>
          <div className="form-progress__bar" role="progressbar" aria-label="Form progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {children}
      <div className="form-actions">
        {multi && state.index > 0 ? (
          <button type="button" className="btn btn-outline" onClick={onBack} disabled={sending}>
            {FORM_TEXT.goBack}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? <span className="spinner" aria-hidden="true" /> : null}
          {last ? (multi ? FORM_TEXT.finalSubmit : submitText) : FORM_TEXT.continue}
        </button>
        {privacyPath ? <PrivacyNote privacyPath={privacyPath} /> : null}
      </div>
    </>
  );
}

/** The sentence beside a form's submit button linking the dealer's privacy page. */
export function PrivacyNote({ privacyPath }: { privacyPath: string }) {
  return (
    <p className="small form-privacy">
      We handle your details as our <a href={privacyPath}>{FORM_TEXT.privacyLink}</a> explains.
    </p>
  );
}
