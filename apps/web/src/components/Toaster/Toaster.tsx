import { Button } from '@recell/ui/Button';
import { useAtom } from 'jotai';
import { X } from 'lucide-react';
import { toastsAtom } from '../../lib/toast';
import { item, region, toneError, toneSuccess } from './Toaster.css';

/** Success notices are polite (role=status); failures interrupt (role=alert). Each can be dismissed. */
export function Toaster() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  const dismiss = (id: number) => setToasts((all) => all.filter((toast) => toast.id !== id));
  return (
    <div className={region} aria-label="Notifications">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`${item} ${toast.tone === 'error' ? toneError : toneSuccess}`}
        >
          <span>{toast.message}</span>
          <Button variant="ghost" size="icon" aria-label="Dismiss" onPress={() => dismiss(toast.id)}>
            <X aria-hidden="true" size={16} />
          </Button>
        </div>
      ))}
    </div>
  );
}
