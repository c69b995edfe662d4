import { describe, expect, it } from 'vitest';
import { installDialogInvokers } from './dialogInvokers.ts';

/** A document stand-in with one dialog and one button (no DOM library is installed). */
function fakePage({ command }: { command: string }) {
  class FakeDialog {
    open = false;
    showModal() {
      this.open = true;
    }
    close() {
      this.open = false;
    }
  }
  (globalThis as { HTMLDialogElement?: unknown }).HTMLDialogElement = FakeDialog;
  const dialog = new FakeDialog();
  const button = { closest: () => button, getAttribute: (name: string) => ({ commandfor: 'd1', command })[name] ?? null };
  let listener: ((event: { target: unknown }) => void) | null = null;
  const root = {
    addEventListener: (_type: string, fn: typeof listener) => (listener = fn),
    getElementById: (id: string) => (id === 'd1' ? dialog : null),
  } as unknown as Document;
  return { root, dialog, click: () => listener?.({ target: button }), listening: () => listener !== null };
}

describe('installDialogInvokers', () => {
  it('does nothing where the browser has invoker commands', () => {
    const page = fakePage({ command: 'show-modal' });
    installDialogInvokers({ root: page.root, native: true });
    expect(page.listening()).toBe(false);
  });
  it('opens with show-modal and closes with close', () => {
    const open = fakePage({ command: 'show-modal' });
    installDialogInvokers({ root: open.root, native: false });
    open.click();
    expect(open.dialog.open).toBe(true);
    const close = fakePage({ command: 'close' });
    close.dialog.open = true;
    installDialogInvokers({ root: close.root, native: false });
    close.click();
    expect(close.dialog.open).toBe(false);
  });
});
