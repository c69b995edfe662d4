/**
 * The site's dialog: a native modal <dialog> opened and closed by invoker buttons
 * (`commandfor` / `command`), so it needs no JavaScript of ours. The browser gives it the
 * backdrop, moves focus in and back to the opener, closes it on Escape (and, with
 * `closedby="any"`, on a click outside) and makes the page behind it inert; the stylesheet locks
 * the page's scroll while one is open (ui/styles/dialog.css). Browsers without invoker commands
 * get the same behaviour from a few lines of the runtime (runtime/dialogInvokers.ts).
 */
import type { ReactNode } from 'react';

/** A button that opens the dialog `dialogId`. */
export function DialogOpener({ dialogId, className = 'btn btn-link', children }: { dialogId: string; className?: string; children: ReactNode }) {
  return (
    <button type="button" className={className} commandfor={dialogId} command="show-modal" aria-haspopup="dialog">
      {children}
    </button>
  );
}

/** A modal dialog with a heading, a Close button and, optionally, a footer of actions under its scrolling body. */
export function Dialog({ id, title, className, children, footer }: { id: string; title: string; className?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <dialog id={id} className={['dialog', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`} closedby="any">
      <div className="dialog__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="dialog__close" commandfor={id} command="close" aria-label="Close">
          ×
        </button>
      </div>
      <div className="dialog__body">{children}</div>
      {footer ? <div className="dialog__foot">{footer}</div> : null}
    </dialog>
  );
}

/** A link-style button labelled `title` and the dialog of text it opens (a car page's finance information, certified-vehicle terms). */
export function TextDialog({ id, title, paragraphs }: { id: string; title: string; paragraphs: readonly string[] }) {
  return (
    <>
      <DialogOpener dialogId={id}>{title}</DialogOpener>
      <Dialog id={id} title={title}>
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </Dialog>
    </>
  );
}

// Invoker commands (HTML `commandfor` / `command`) are not yet in React's DOM types.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close';
  }
}
