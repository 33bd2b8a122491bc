import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import { Button } from '../Button/Button';
import * as styles from './Drawer.css';

export interface DrawerProps extends Omit<ModalOverlayProps, 'children'> {
  title: ReactNode;
  children: ReactNode;
  closeLabel?: string;
}

/**
 * A side panel from the start edge (the dashboard's menu on small screens). Open it from a DialogTrigger
 * or with `isOpen`; it closes on Escape, on a press outside and with its X, and gives focus back.
 */
export function Drawer({
  title,
  children,
  closeLabel = 'Close menu',
  isDismissable = true,
  ...props
}: DrawerProps) {
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <Modal className={styles.panel}>
        <Dialog className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <Button slot="close" variant="ghost" size="icon" aria-label={closeLabel}>
              <X aria-hidden size={20} />
            </Button>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
