/**
 * Puts a saved draft back into a form's server markup (before the form's code loads), so what
 * was typed is on screen again after a payment or a reload. Loaded on demand with the flow's code.
 */

/** Writes `values` into a form's controls (the server markup, before the form code loads). */
export function fillControls(form: HTMLFormElement | null, values: Record<string, string | boolean>): void {
  if (!form) return;
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!control || !('value' in control) || control.type === 'hidden' || name === 'special') continue;
    if (control.type === 'checkbox') control.checked = value === true;
    else control.value = String(value);
  }
}
