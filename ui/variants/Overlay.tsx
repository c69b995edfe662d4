/**
 * A button and the dialog it opens (ui/components/Dialog.tsx): the 'Holiday Opening Hours' and
 * 'Email Us' dialogs of a location. No JavaScript of ours is needed to open or close it.
 */
import type { ReactNode } from 'react';
import { Dialog, DialogOpener } from '../components/Dialog.tsx';

/** The opener button and its dialog. */
export function Overlay({
  id,
  label,
  title,
  children,
  className = 'btn btn-link',
}: {
  id: string;
  label: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <>
      <DialogOpener dialogId={id} className={className}>
        {label}
      </DialogOpener>
      <Dialog id={id} title={title}>
        {children}
      </Dialog>
    </>
  );
}
