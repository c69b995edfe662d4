/**
 * Invoker commands for browsers that lack them: a click on `<button commandfor=ID command=...>`
 * opens or closes the dialog ID, as HTML's invoker commands do natively (ui/components/Dialog.tsx).
 * Installed only where the browser does not know `commandForElement`.
 */

/** Adds the click handler to `root` unless the browser has invoker commands. */
export function installDialogInvokers({ root, native }: { root: Document; native: boolean }): void {
  if (native) return;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[commandfor]');
    if (!button) return;
    const dialog = root.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal' && !dialog.open) dialog.showModal();
    else if ((command === 'close' || command === 'request-close') && dialog.open) dialog.close();
  });
}
