import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
  type ModalOverlayProps,
} from 'react-aria-components';
import { Button } from '../Button/Button';
import * as styles from './Dialog.css';

export interface ModalProps extends Omit<ModalOverlayProps, 'children'> {
  children: ReactNode;
}

/** The overlay: traps focus, closes on Escape (and outside press when `isDismissable`), restores focus. */
export function Modal({ children, className, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} className={styles.overlay}>
      <AriaModal className={[styles.modal, className].filter(Boolean).join(' ')}>{children}</AriaModal>
    </ModalOverlay>
  );
}

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  title: ReactNode;
  children: AriaDialogProps['children'];
  /** Label of the X button. */
  closeLabel?: string;
}

export function Dialog({ title, children, closeLabel = 'Close', className, ...props }: DialogProps) {
  return (
    <AriaDialog {...props} className={[styles.dialog, className].filter(Boolean).join(' ')}>
      {(renderProps) => (
        <>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <Button slot="close" variant="ghost" size="icon" aria-label={closeLabel} className={styles.close}>
              <X aria-hidden size={20} />
            </Button>
          </div>
          {typeof children === 'function' ? children(renderProps) : children}
        </>
      )}
    </AriaDialog>
  );
}

export { DialogTrigger } from 'react-aria-components';
