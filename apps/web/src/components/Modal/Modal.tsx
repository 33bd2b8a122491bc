import { Button } from '@recell/ui/Button';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import * as styles from './Modal.css';

/**
 * A modal dialog: focus moves in on open and back on close, Escape and the X close it.
 * Interim until @recell/ui ships its react-aria Modal.
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
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('input:not([readonly]), button, textarea, select')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, []);
  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.dialog}
      >
        <h2 id={titleId}>{title}</h2>
        <Button variant="ghost" size="icon" className={styles.close} aria-label="Close" onPress={onClose}>
          <X aria-hidden="true" />
        </Button>
        {children}
      </div>
    </div>
  );
}
