/**
 * The values of a form's named controls as they are in the page, by name (checkboxes as
 * booleans; files and buttons skipped). Used to carry what a shopper typed into server markup
 * over to the live form, and to save drafts.
 */

/** Options of {@link readControls}. */
export interface ReadControlsOptions {
  /** Leave out hidden inputs and the honeypot (`special`): what a draft keeps. Default false. */
  typedOnly?: boolean;
}

/** Current values of `form`'s named controls; {} without a form. */
export function readControls(form: HTMLFormElement | null, { typedOnly = false }: ReadControlsOptions = {}): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  if (!form) return values;
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.type === 'file' || control.type === 'submit' || control.type === 'button') continue;
    if (typedOnly && (control.name === 'special' || control.type === 'hidden')) continue;
    values[control.name] = control.type === 'checkbox' ? control.checked : control.value;
  }
  return values;
}
