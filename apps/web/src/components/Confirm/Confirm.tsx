import { Button } from '@recell/ui/Button';
import type { ReactNode } from 'react';
import { ModalDialog } from '../ModalDialog';
import * as styles from './Confirm.css';

/** A question before an action that cannot be undone: what it means, the action, and a way out. */
export function Confirm({
  title,
  children,
  action,
  keep = 'Cancel',
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  /** The confirming button's label, e.g. 'Delete'. */
  action: string;
  /** The way out's label. */
  keep?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      {children}
      <div className={styles.actions}>
        <Button isPending={pending} onPress={onConfirm}>
          {action}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {keep}
        </Button>
      </div>
    </ModalDialog>
  );
}
