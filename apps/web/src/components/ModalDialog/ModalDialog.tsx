import { Dialog, Modal } from '@recell/ui/Dialog';
import type { ReactNode } from 'react';

/**
 * The design system's Dialog in its Modal, open while rendered (focus trapped and restored, Escape, outside press
 * and the X close it), for screens that show it while a piece of their state says so.
 */
export function ModalDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog title={title}>{children}</Dialog>
    </Modal>
  );
}
