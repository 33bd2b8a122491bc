export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
}

type Listener = () => void;

/**
 * A tiny store of the visible toast: one at a time, the newest replacing the one before (three stacked toasts
 * covered a quarter of a phone screen). Success and info toasts leave after `timeout`; an error stays until
 * dismissed or replaced, so nobody loses a message they had no time to read.
 */
export class ToastQueue {
  #toasts: ToastMessage[] = [];
  #listeners = new Set<Listener>();
  #nextId = 1;
  readonly #timeout: number;

  constructor({ timeout = 4000 }: { timeout?: number } = {}) {
    this.#timeout = timeout;
  }

  add(tone: ToastTone, title: string, description?: string): number {
    const id = this.#nextId++;
    this.#toasts = [{ id, tone, title, description }];
    this.#emit();
    if (tone !== 'error' && this.#timeout > 0) setTimeout(() => this.close(id), this.#timeout);
    return id;
  }

  success = (title: string, description?: string) => this.add('success', title, description);
  error = (title: string, description?: string) => this.add('error', title, description);
  info = (title: string, description?: string) => this.add('info', title, description);

  close(id: number): void {
    const next = this.#toasts.filter((toast) => toast.id !== id);
    if (next.length === this.#toasts.length) return;
    this.#toasts = next;
    this.#emit();
  }

  clear(): void {
    this.#toasts = [];
    this.#emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ToastMessage[] => this.#toasts;

  #emit() {
    for (const listener of this.#listeners) listener();
  }
}

/** The app's one queue: `toast.success('User Logged Out')`, `toast.error(error.message)`. */
export const toast = new ToastQueue();
