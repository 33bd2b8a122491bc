import { Dialog, Modal as DialogOverlay } from '@recell/ui/Dialog';
import type { ReactNode } from 'react';

/**
 * An open modal dialog from the design system (focus trapped and restored, Escape, outside press and the X
 * close it), for screens that show it while a piece of their state says so.
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog title={title}>{children}</Dialog>
    </DialogOverlay>
  );
}
