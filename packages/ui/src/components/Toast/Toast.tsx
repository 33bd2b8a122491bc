import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../Button/Button';
import * as styles from './Toast.css';
import { toast as defaultQueue, type ToastMessage, type ToastQueue } from './toast-queue';

const icons = { success: CircleCheck, error: CircleAlert, info: Info } as const;

function ToastView({ message, onDismiss }: { message: ToastMessage; onDismiss: () => void }) {
  const Icon = icons[message.tone];
  return (
    <div className={`${styles.toast} ${styles.tone[message.tone]}`}>
      <Icon aria-hidden size={20} className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.title}>{message.title}</p>
        {message.description && <p className={styles.description}>{message.description}</p>}
      </div>
      <Button variant="ghost" size="sm" aria-label="Dismiss" className={styles.dismiss} onPress={onDismiss}>
        <X aria-hidden size={16} />
      </Button>
    </div>
  );
}

export interface ToastRegionProps {
  queue?: ToastQueue;
}

/**
 * Where toasts appear. Successes and notes go to a polite `status` region; errors to an `alert` region,
 * which screen readers announce at once. Render it once, near the root.
 */
export function ToastRegion({ queue = defaultQueue }: ToastRegionProps) {
  const toasts = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const render = (message: ToastMessage) => (
    <ToastView key={message.id} message={message} onDismiss={() => queue.close(message.id)} />
  );
  return (
    <div className={styles.region}>
      <div role="status" aria-live="polite" className={styles.live}>
        {toasts.filter((message) => message.tone !== 'error').map(render)}
      </div>
      <div role="alert" className={styles.live}>
        {toasts.filter((message) => message.tone === 'error').map(render)}
      </div>
    </div>
  );
}
